// terrain-cli's progress line: quiet for the first second, then the count with the time left at
// the pace so far; a bar on a terminal; the last line without a time left.
#include "cli/progress.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <string>

namespace terrain::cli {
namespace {

using namespace std::chrono_literals;

// What `progress` wrote to `file` so far.
std::string written(std::FILE* file) {
  std::fflush(file);
  const long size = std::ftell(file);
  std::string text(static_cast<std::size_t>(size), '\0');
  std::rewind(file);
  const std::size_t got = std::fread(text.data(), 1, text.size(), file);
  text.resize(got);
  std::fseek(file, 0, SEEK_END);
  return text;
}

TEST(Progress, SaysTheTimeLeftAtThePaceSoFarAndNothingInTheFirstSecond) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  const auto t0 = Progress::Clock::now();
  Progress progress(file, false, t0);
  progress.count_at("rain", 50, 1000, "drops", t0 + 500ms);  // the first second: quiet
  EXPECT_EQ(written(file), "");
  progress.count_at("rain", 100, 1000, "drops", t0 + 2s);  // no pace yet
  EXPECT_EQ(written(file), "rain: 100 / 1,000 drops (10%)\n");
  progress.count_at("rain", 150, 1000, "drops", t0 + 3s);  // a log's line every three seconds
  EXPECT_EQ(written(file), "rain: 100 / 1,000 drops (10%)\n");
  // 300 drops in 3 s since the stage was first counted: 100 a second, 600 left.
  progress.count_at("rain", 400, 1000, "drops", t0 + 5s);
  EXPECT_EQ(written(file),
            "rain: 100 / 1,000 drops (10%)\n"
            "rain: 400 / 1,000 drops (40%), about 6 s left\n");
  progress.count_at("rain", 1000, 1000, "drops", t0 + 5s + 100ms);  // the last: always shown
  EXPECT_EQ(written(file),
            "rain: 100 / 1,000 drops (10%)\n"
            "rain: 400 / 1,000 drops (40%), about 6 s left\n"
            "rain: 1,000 / 1,000 drops (100%)\n");
  std::fclose(file);
}

TEST(Progress, OnATerminalOneLineWithABarAndMinutesAndHoursLeft) {
  std::FILE* file = std::tmpfile();
  ASSERT_NE(file, nullptr);
  const auto t0 = Progress::Clock::now();
  Progress progress(file, true, t0);
  progress.count_at("rain", 0, 10'000'000, "drops", t0 + 1s);
  // 250,000 drops in 10 s: 9,750,000 left at 25,000 a second is 390 s.
  progress.count_at("rain", 250'000, 10'000'000, "drops", t0 + 11s);
  const std::string second = "[" + std::string(0, '#') + std::string(24, '.') +
                             "] rain: 250,000 / 10,000,000 drops (2%), about 6 min 30 s left";
  EXPECT_NE(written(file).find("\r" + second), std::string::npos) << written(file);
  // A slower pace: hours.
  progress.count_at("rain", 251'000, 10'000'000, "drops", t0 + 1011s);
  EXPECT_NE(written(file).find("(2%), about 10 h 53 min left"), std::string::npos) << written(file);
  progress.count_at("rain", 5'000'000, 10'000'000, "drops", t0 + 1012s);
  EXPECT_NE(written(file).find("[############............] rain: 5,000,000"), std::string::npos)
      << written(file);
  progress.finish();
  EXPECT_EQ(written(file).back(), '\n');
  std::fclose(file);
}

}  // namespace
}  // namespace terrain::cli
