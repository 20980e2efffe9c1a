// Google Benchmark entry point; the benchmarks live one concept a file beside it.
#include <benchmark/benchmark.h>

BENCHMARK_MAIN();
