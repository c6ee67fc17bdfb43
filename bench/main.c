/* tn_bench: benchmarks with peers in the same run, baselines and the regression gate,
 * instruction counts under callgrind, and syscall traces of the examples. */
#define _POSIX_C_SOURCE 200809L
#include "bench.h"

#include <stdlib.h>
#include <string.h>

static void usage(FILE *f)
{
    fputs("usage: tn_bench COMMAND [options]\n"
          "\n"
          "  run [OPTIONS] [--json F] [--criterion]   time every (op, variant, size) and its peers\n"
          "  baseline save [OPTIONS] [--dir D]         run, then store bench/baselines/<fingerprint>.json\n"
          "                                            (the previous one moves to D/archive/)\n"
          "  compare [OPTIONS] [--dir D | --baseline F] [--json F]\n"
          "                                            run and compare with the stored baseline:\n"
          "                                            exit 0 pass, 1 regression, 2 cannot compare\n"
          "  callgrind [--baseline F] [--save]        instruction counts of every kernel under valgrind,\n"
          "                                            compared with the committed counts (same exits)\n"
          "  trace EXAMPLE [--dir D] [--capture] [--expect-over-budget] -- PROGRAM [ARGS]\n"
          "                                            strace a program; check its budget (D/budgets.json)\n"
          "  report --json F --out DOC --plots DIR [--gpu G ...]\n"
          "                                            write the performance report and plot data\n"
          "  latency [--n N] [--backend B]             a small op's call time on each GPU backend (host\n"
          "                                            arrays, device buffers with a wait, queued)\n"
          "\n"
          "OPTIONS: --backend cpu|cuda|vulkan  --op OP[,OP...]  --max-n N  --only-n N  --samples K  --quick\n"
          "         --misalign B (CPU: every array starts B bytes past a 64-byte boundary, B a multiple of 4)\n"
          "         --processes N (baseline save, compare: the best of N fresh processes; default 3)\n"
          "         --torch F (GPU: PyTorch timings from bench/torch_peers.py)  -q\n",
          f);
}

int bench_parse_options(int argc, char **argv, int first, bench_options *o, const char **json_path, bool *criterion,
                        const char **dir)
{
    *o = (bench_options){.backend = "cpu", .samples = 15, .sample_seconds = 2e-3, .processes = 3};
    const char *plant = getenv("TN_BENCH_PLANT"); /* percent; only the gate's own test sets it */
    o->plant_percent = plant ? atoi(plant) : 0;
    int i = first;
    for (; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--backend") == 0 && v)
            o->backend = argv[++i];
        else if (strcmp(a, "--op") == 0 && v)
            o->ops = argv[++i];
        else if (strcmp(a, "--max-n") == 0 && v)
            o->max_n = atoll(argv[++i]);
        else if (strcmp(a, "--samples") == 0 && v)
            o->samples = atoi(argv[++i]);
        else if (strcmp(a, "--only-n") == 0 && v)
            o->only_n = atoll(argv[++i]);
        else if (strcmp(a, "--misalign") == 0 && v)
            o->misalign = atoi(argv[++i]);
        else if (strcmp(a, "--processes") == 0 && v)
            o->processes = atoi(argv[++i]);
        else if (strcmp(a, "--no-limits") == 0)
            o->keep_limits = true;
        else if (strcmp(a, "--quick") == 0)
            o->sample_seconds = 5e-4;
        else if (strcmp(a, "--baseline") == 0 && v)
            o->baseline = argv[++i];
        else if (strcmp(a, "--torch") == 0 && v)
            o->torch_json = argv[++i];
        else if (strcmp(a, "-q") == 0)
            o->quiet = true;
        else if (strcmp(a, "--json") == 0 && v && json_path)
            *json_path = argv[++i];
        else if (strcmp(a, "--criterion") == 0 && criterion)
            *criterion = true;
        else if (strcmp(a, "--dir") == 0 && v && dir)
            *dir = argv[++i];
        else
            break;
    }
    if (o->processes < 1 || o->processes > 16) {
        fputs("tn_bench: --processes must be 1..16\n", stderr);
        return -1;
    }
    if (o->samples < 3 || o->samples > BENCH_MAX_SAMPLES) {
        fprintf(stderr, "tn_bench: --samples must be 3..%d\n", BENCH_MAX_SAMPLES);
        return -1;
    }
    if (o->misalign < 0 || o->misalign > 60 || o->misalign % 4) {
        fputs("tn_bench: --misalign must be a multiple of 4 from 0 to 60 (bytes)\n", stderr);
        return -1;
    }
    if (strcmp(o->backend, "cpu") != 0 && strcmp(o->backend, "cuda") != 0 && strcmp(o->backend, "vulkan") != 0) {
        fprintf(stderr, "tn_bench: --backend '%s' is not one of cpu, cuda, vulkan\n", o->backend);
        return -1;
    }
    return i;
}

static int run_command(int argc, char **argv)
{
    bench_options o;
    const char *json_path = NULL;
    bool criterion = false;
    int next = bench_parse_options(argc, argv, 2, &o, &json_path, &criterion, NULL);
    if (next < 0 || next != argc) {
        if (next >= 0)
            fprintf(stderr, "tn_bench run: unknown option '%s'\n", argv[next]);
        usage(stderr);
        return 2;
    }
    bench_run run = {0};
    int rc = strcmp(o.backend, "cpu") == 0 ? bench_run_cpu(&o, &run) : bench_run_gpu(&o, &run);
    if (run.count > 0) {
        bench_print_table(stdout, &run);
        if (criterion) {
            fputc('\n', stdout);
            bench_print_criterion(stdout, &run);
        }
        if (json_path && bench_write_json(json_path, &run) != 0)
            rc = rc ? rc : 3;
    }
    bench_run_free(&run);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "run") == 0)
        return run_command(argc, argv);
    if (strcmp(cmd, "baseline") == 0 && argc > 2 && strcmp(argv[2], "save") == 0)
        return bench_baseline_save(argc, argv);
    if (strcmp(cmd, "compare") == 0)
        return bench_compare(argc, argv);
    if (strcmp(cmd, "callgrind") == 0)
        return bench_callgrind_gate(argc, argv);
    if (strcmp(cmd, "instructions") == 0)
        return bench_instructions(argc, argv);
    if (strcmp(cmd, "trace") == 0)
        return bench_trace(argc, argv);
    if (strcmp(cmd, "syscall-burst") == 0)
        return bench_syscall_burst(argc, argv);
    if (strcmp(cmd, "report") == 0)
        return bench_report(argc, argv);
    if (strcmp(cmd, "latency") == 0)
        return bench_latency(argc, argv);
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "tn_bench: unknown command '%s'\n", cmd);
    usage(stderr);
    return 2;
}
