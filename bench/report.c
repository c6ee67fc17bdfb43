#include "bench.h"
#include "bench.h"
int bench_report(int argc, char **argv) { (void)argc; (void)argv; return 2; }
