/* Neural-network activations over a batch: ReLU, sigmoid, a numerically stable softmax
 * (max, subtract, exp, sum, scale) and clamping, with a few values printed and checked. */
#include "trueno.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 4096 };

static int softmax(size_t n, const float *logits, float *out, float *tmp)
{
    float peak = 0, total = 0;
    if (tn_max(n, logits, &peak) != TN_OK)
        return 1;
    for (size_t i = 0; i < n; i++) /* shifted so that the largest exponent is 0: no overflow */
        tmp[i] = -peak;
    if (tn_add(n, logits, tmp, tmp) != TN_OK || tn_exp(n, tmp, out) != TN_OK || tn_sum(n, out, &total) != TN_OK)
        return 1;
    return tn_scale(n, 1.0f / total, out, out) != TN_OK;
}

int main(void)
{
    float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y), *t = malloc(N * sizeof *t);
    if (!x || !y || !t)
        return 1;
    for (int i = 0; i < N; i++)
        x[i] = (float)(i - N / 2) / 256.0f; /* -8 .. 8 */
    int failures = 0;
    double err = 0;

    tn_relu(N, x, y);
    for (int i = 0; i < N; i++)
        err = fmax(err, fabs(y[i] - fmax(x[i], 0.0)));
    printf("relu     max error %.3g\n", err);
    failures += err != 0;

    err = 0;
    tn_sigmoid(N, x, y);
    for (int i = 0; i < N; i++)
        err = fmax(err, fabs(y[i] - 1 / (1 + exp(-(double)x[i]))));
    printf("sigmoid  max error %.3g (sigmoid(0) = %g, sigmoid(8) = %.6f)\n", err, (double)y[N / 2], (double)y[N - 1]);
    failures += err > 1e-6;

    if (softmax(N, x, y, t) != 0) {
        fprintf(stderr, "softmax: %s\n", tn_last_error());
        return 1;
    }
    float total = 0;
    size_t top = 0;
    tn_sum(N, y, &total);
    tn_argmax(N, y, &top);
    printf("softmax  sums to %.6f, most likely class %zu (p = %.5f)\n", (double)total, top, (double)y[top]);
    failures += fabs(total - 1.0) > 1e-4 || top != N - 1;

    tn_clamp(N, -1.0f, 1.0f, x, y);
    float lo = 0, hi = 0;
    tn_min(N, y, &lo);
    tn_max(N, y, &hi);
    printf("clamp    to [%g, %g]\n", (double)lo, (double)hi);
    failures += lo != -1.0f || hi != 1.0f;
    free(x);
    free(y);
    free(t);
    printf("%s\n", failures ? "FAILED" : "all activations ok");
    return failures != 0;
}
