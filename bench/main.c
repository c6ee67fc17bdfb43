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
          "  guards [--backend B] [--op add,exp] [--sizes 65536,16777216] [--samples K] [--quick]\n"
          "                                            call time with NaN/infinity guards off and on\n"
          "\n",
          f);
    fputs(bench_options_help, f);
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
    if (rc == 0 && run.count == 0) {
        fprintf(stderr, "tn_bench run: nothing to time on %s (--op %s, --only-n %lld, --max-n %lld)\n", o.backend,
                o.ops ? o.ops : "all", o.only_n, o.max_n);
        rc = 2;
    }
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
    if (strcmp(cmd, "guards") == 0)
        return bench_guards(argc, argv);
    if (strcmp(cmd, "-h") == 0 || strcmp(cmd, "--help") == 0) {
        usage(stdout);
        return 0;
    }
    fprintf(stderr, "tn_bench: unknown command '%s'\n", cmd);
    usage(stderr);
    return 2;
}
