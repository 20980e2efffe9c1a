# Sourced by the benchmarks that run the app (frame_rate.sh, input_latency.sh, views.sh):
# app_binary BUILD sets `app` to BUILD's terrain-sandbox, configuring BUILD (Release) and
# building the app first if it is not there yet; results_dir BUILD NAME sets `out` to the
# benchmark's results directory, BUILD/bench-results/NAME, making it if need be.
app_binary() {
  local build="$1"
  app="$build/src/app/terrain-sandbox"
  if [ ! -x "$app" ]; then
    cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release >/dev/null
    cmake --build "$build" --target terrain-sandbox -j "$(nproc)"
  fi
}

results_dir() {
  out="$1/bench-results/$2"
  mkdir -p "$out"
}
