// Detection head post-processing and training target assignment:
//  * SSD / Faster R-CNN box delta decoding with variances and clipping
//  * YOLO head decoding with objectness threshold and compaction
//  * anchor <-> ground-truth matching with regression target encoding
#include <stdint.h>

#define BBOX_XFORM_CLIP 4.135166556742356f   // log(1000/16)

extern "C" __global__ void ssd_decode_boxes(const float4* __restrict__ anchors,   // cx, cy, w, h
                                            const float4* __restrict__ deltas,    // [B, A]
                                            int A, int B,
                                            float4 variances,
                                            float img_w, float img_h,
                                            float4* __restrict__ out)             // x1, y1, x2, y2
{
    long long idx = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= (long long)A * B) return;
    int a = (int)(idx % A);
    float4 an = anchors[a];
    float4 d = deltas[idx];
    float dx = d.x * variances.x, dy = d.y * variances.y;
    float dw = fminf(d.z * variances.z, BBOX_XFORM_CLIP);
    float dh = fminf(d.w * variances.w, BBOX_XFORM_CLIP);
    float cx = dx * an.z + an.x;
    float cy = dy * an.w + an.y;
    float w = __expf(dw) * an.z;
    float h = __expf(dh) * an.w;
    float4 o;
    o.x = fminf(fmaxf(cx - 0.5f * w, 0.f), img_w);
    o.y = fminf(fmaxf(cy - 0.5f * h, 0.f), img_h);
    o.z = fminf(fmaxf(cx + 0.5f * w, 0.f), img_w);
    o.w = fminf(fmaxf(cy + 0.5f * h, 0.f), img_h);
    out[idx] = o;
}

__device__ __forceinline__ float yolo_sigmoid(float x) { return 1.f / (1.f + __expf(-x)); }

// YOLOv3-style head: preds [B, na, H, W, 5 + nc] raw. Each thread handles one
// (b, anchor, y, x) cell: decodes the box, takes the best class, and appends
// detections with conf > thresh to a compact list (warp-aggregated atomics).
extern "C" __global__ void yolo_decode_head(const float* __restrict__ preds,
                                            int B, int na, int H, int W, int nc,
                                            const float2* __restrict__ anchor_wh,   // [na], in pixels
                                            float stride,
                                            float conf_thresh,
                                            float* __restrict__ det,     // [max_det, 7]: b, x1,y1,x2,y2, score, cls
                                            int* __restrict__ det_count,
                                            int max_det)
{
    long long cell = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    long long total = (long long)B * na * H * W;
    bool keep = false;
    float x1 = 0.f, y1 = 0.f, x2 = 0.f, y2 = 0.f, score = 0.f;
    int best_c = 0, b = 0;
    if (cell < total) {
        int x = (int)(cell % W);
        int y = (int)((cell / W) % H);
        int a = (int)((cell / ((long long)W * H)) % na);
        b = (int)(cell / ((long long)W * H * na));
        const float* p = preds + cell * (5 + nc);
        float obj = yolo_sigmoid(p[4]);
        if (obj > conf_thresh) {
            float best = -1e30f;
            for (int c = 0; c < nc; ++c) {
                float v = p[5 + c];
                if (v > best) { best = v; best_c = c; }
            }
            score = obj * yolo_sigmoid(best);
            if (score > conf_thresh) {
                float2 wh = anchor_wh[a];
                float cx = (yolo_sigmoid(p[0]) * 2.f - 0.5f + x) * stride;
                float cy = (yolo_sigmoid(p[1]) * 2.f - 0.5f + y) * stride;
                float sw = yolo_sigmoid(p[2]) * 2.f, sh = yolo_sigmoid(p[3]) * 2.f;
                float w = sw * sw * wh.x, h = sh * sh * wh.y;
                x1 = cx - 0.5f * w; y1 = cy - 0.5f * h;
                x2 = cx + 0.5f * w; y2 = cy + 0.5f * h;
                keep = true;
            }
        }
    }
    unsigned int ballot = __ballot_sync(0xffffffffu, keep);
    if (!ballot) return;
    int lane = threadIdx.x & 31;
    int leader = __ffs(ballot) - 1;
    int base = 0;
    if (lane == leader) base = atomicAdd(det_count, __popc(ballot));
    base = __shfl_sync(0xffffffffu, base, leader);
    if (keep) {
        int slot = base + __popc(ballot & ((1u << lane) - 1u));
        if (slot < max_det) {
            float* d = det + (long long)slot * 7;
            d[0] = (float)b; d[1] = x1; d[2] = y1; d[3] = x2; d[4] = y2; d[5] = score; d[6] = (float)best_c;
        }
    }
}

#define MATCH_MAX_GT 256
// For each anchor: IoU with all gt boxes of its image (staged in shared
// memory), best gt, label (pos / neg / ignore) and encoded regression target.
extern "C" __global__ void anchor_gt_match(const float4* __restrict__ anchors,    // x1y1x2y2
                                           int A,
                                           const float4* __restrict__ gt_boxes,   // [B, MATCH_MAX_GT]
                                           const int* __restrict__ gt_labels,
                                           const int* __restrict__ gt_count,
                                           float pos_iou, float neg_iou,
                                           float4 inv_variances,
                                           int* __restrict__ anchor_label,        // [B, A]
                                           float4* __restrict__ reg_target,       // [B, A]
                                           unsigned long long* __restrict__ gt_best_anchor) // packed (iou bits << 32 | anchor)
{
    __shared__ float4 s_gt[MATCH_MAX_GT];
    __shared__ float s_area[MATCH_MAX_GT];
    int b = blockIdx.y;
    int ng = min(gt_count[b], MATCH_MAX_GT);
    for (int g = threadIdx.x; g < ng; g += blockDim.x) {
        float4 bx = gt_boxes[b * MATCH_MAX_GT + g];
        s_gt[g] = bx;
        s_area[g] = (bx.z - bx.x) * (bx.w - bx.y);
    }
    __syncthreads();
    int a = blockIdx.x * blockDim.x + threadIdx.x;
    if (a >= A) return;
    float4 an = anchors[a];
    float aa = (an.z - an.x) * (an.w - an.y);
    float best = -1.f;
    int best_g = -1;
    for (int g = 0; g < ng; ++g) {
        float4 gb = s_gt[g];
        float iw = fminf(an.z, gb.z) - fmaxf(an.x, gb.x);
        float ih = fminf(an.w, gb.w) - fmaxf(an.y, gb.y);
        float iou = 0.f;
        if (iw > 0.f && ih > 0.f) {
            float inter = iw * ih;
            iou = inter / (aa + s_area[g] - inter);
        }
        if (iou > best) { best = iou; best_g = g; }
        // keep track of best anchor for each gt (low-quality matches)
        if (iou > 0.f) {
            unsigned long long packed = ((unsigned long long)__float_as_uint(iou) << 32) | (unsigned int)a;
            atomicMax(&gt_best_anchor[b * MATCH_MAX_GT + g], packed);
        }
    }
    int label;
    if (best_g < 0 || best < neg_iou) label = 0;
    else if (best >= pos_iou) label = gt_labels[b * MATCH_MAX_GT + best_g] + 1;
    else label = -1;
    long long o = (long long)b * A + a;
    anchor_label[o] = label;
    float4 t = make_float4(0.f, 0.f, 0.f, 0.f);
    if (label > 0) {
        float4 gb = s_gt[best_g];
        float aw = an.z - an.x, ah = an.w - an.y;
        float acx = an.x + 0.5f * aw, acy = an.y + 0.5f * ah;
        float gw = gb.z - gb.x, gh = gb.w - gb.y;
        float gcx = gb.x + 0.5f * gw, gcy = gb.y + 0.5f * gh;
        t.x = (gcx - acx) / aw * inv_variances.x;
        t.y = (gcy - acy) / ah * inv_variances.y;
        t.z = __logf(gw / aw) * inv_variances.z;
        t.w = __logf(gh / ah) * inv_variances.w;
    }
    reg_target[o] = t;
}
