#include "bench.h"
#include "bench.h"
int bench_trace(int argc, char **argv) { (void)argc; (void)argv; return 2; }
int bench_syscall_burst(int argc, char **argv) { (void)argc; (void)argv; return 2; }
int bench_report(int argc, char **argv) { (void)argc; (void)argv; return 2; }
