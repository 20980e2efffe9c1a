// terrain-cli's map files end to end through the built program: --save-map writes the run's
// map with its history; --open-map rains on from it to --drops in all, to the same bytes as the
// run that never stopped, its rain settings a new step; --verify-map replays a file and says
// whether this build makes its bytes (a file whose hash was changed differs, exit 1); and bad
// files and flags are one line, exit 2 and nothing written.
#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "io/atomic_file.h"
#include "io/map_file.h"
#include "io_test_support.h"

namespace terrain {
namespace {

namespace fs = std::filesystem;
using testing::CliRun;

class CliMapFile : public testing::CliTest {};

TEST_F(CliMapFile, AMapOpenedRainsOnToTheBytesOfTheRunThatNeverStopped) {
  const std::string map = path("half.tsmap").string();
  const CliRun saved = run({"--seed", "8", "--width", "96", "--height", "60", "--drops", "7000",
                            "--out", path("a").string(), "--save-map", map});
  ASSERT_EQ(saved.status, 0) << saved.err;
  EXPECT_NE(saved.out.find("wrote " + map + " (a map file: 1 step, drop 7,000 of its map)"),
            std::string::npos)
      << saved.out;
  // Opened: by default the saved count, the same grids as the run that saved it.
  ASSERT_EQ(run({"--open-map", map, "--out", path("b").string()}).status, 0);
  for (const std::string name : {"original.npy", "eroded.npy", "flow.npy", "basins.npy"}) {
    EXPECT_EQ(io::read_file(path("a") / name), io::read_file(path("b") / name)) << name;
  }
  // Rained on to 20,000 in all: the run that rained 20,000 at once.
  ASSERT_EQ(run({"--open-map", map, "--drops", "20000", "--out", path("c").string()}).status, 0);
  ASSERT_EQ(run({"--seed", "8", "--width", "96", "--height", "60", "--drops", "20000", "--out",
                 path("d").string()})
                .status,
            0);
  for (const std::string name : {"original.npy", "eroded.npy", "strahler.npy", "lakes.npy"}) {
    EXPECT_EQ(io::read_file(path("c") / name), io::read_file(path("d") / name)) << name;
  }
  const nlohmann::ordered_json summary = testing::read_json(path("c") / "summary.json");
  EXPECT_EQ(summary["inputs"]["drops"], 20000);
  EXPECT_EQ(summary["inputs"]["seed"], 8);
  EXPECT_EQ(summary["inputs"]["map"], map);
  EXPECT_EQ(summary["inputs"]["width"], 96);

  // A rain setting beside it is a step from the saved count on: saved again, it is there, and
  // the map file verifies.
  const std::string on = path("on.tsmap").string();
  const CliRun stepped = run({"--open-map", map, "--drops", "12000", "--erosion", "0.5", "--out",
                              path("e").string(), "--save-map", on});
  ASSERT_EQ(stepped.status, 0) << stepped.err;
  EXPECT_NE(stepped.out.find("(a map file: 2 steps, drop 12,000 of its map)"), std::string::npos)
      << stepped.out;
  EXPECT_NE(io::read_file(path("e") / "eroded.npy"), io::read_file(path("d") / "eroded.npy"));
  const CliRun verified = run({"--verify-map", on});
  EXPECT_EQ(verified.status, 0) << verified.err;
  EXPECT_NE(verified.out.find(on + ": this build replays all 3 checkpoints to the same bytes"),
            std::string::npos)
      << verified.out;
  // --save-map is never over a file without --force.
  const CliRun again = run({"--open-map", map, "--out", path("f").string(), "--save-map", on});
  EXPECT_EQ(again.status, 2);
  EXPECT_EQ(again.err,
            "terrain-cli: --save-map '" + on + "' already exists (pass --force to replace it)\n");
  EXPECT_FALSE(fs::exists(path("f")));
}

// --threads N: the rain on 1, 2 or 3 threads (a map large enough for drops side by side) gives
// the same grids and the same map file, byte for byte; a map saved on one thread opens and
// rains on, on two, to the bytes of the run that never stopped; and a map file verifies on
// any count.
TEST_F(CliMapFile, AnyThreadCountGivesTheSameBytes) {
  const std::vector<std::string> map{"--seed", "8", "--width", "640", "--height", "400"};
  for (const std::string threads : {"1", "2", "3"}) {
    const CliRun r = run(testing::joined(
        map, {"--drops", "30000", "--threads", threads, "--out", path("t" + threads).string(),
              "--save-map", path("t" + threads + ".tsmap").string()}));
    ASSERT_EQ(r.status, 0) << r.err;
  }
  for (const std::string threads : {"2", "3"}) {
    for (const std::string name : {"eroded.npy", "flow.npy", "basins.npy"}) {
      EXPECT_EQ(io::read_file(path("t1") / name), io::read_file(path("t" + threads) / name))
          << threads << " threads: " << name;
    }
    EXPECT_EQ(io::read_file(path("t1.tsmap")), io::read_file(path("t" + threads + ".tsmap")))
        << threads << " threads";
  }
  ASSERT_EQ(run({"--open-map", path("t1.tsmap").string(), "--drops", "50000", "--threads", "2",
                 "--out", path("on").string()})
                .status,
            0);
  ASSERT_EQ(run(testing::joined(
                    map, {"--drops", "50000", "--threads", "1", "--out", path("once").string()}))
                .status,
            0);
  EXPECT_EQ(io::read_file(path("on") / "eroded.npy"), io::read_file(path("once") / "eroded.npy"));
  const CliRun verified = run({"--verify-map", path("t2.tsmap").string(), "--threads", "2"});
  EXPECT_EQ(verified.status, 0) << verified.err;
  const CliRun bad =
      refused(testing::joined(map, {"--threads", "65", "--out", path("x").string()}));
  EXPECT_NE(bad.err.find("--threads"), std::string::npos) << bad.err;
  EXPECT_NE(bad.err.find("0..64"), std::string::npos) << bad.err;
}

// A file whose checkpoint says other bytes than the replay makes is where this build differs.
// The map file at `from` with checkpoint k's hash changed, made whole again around it (its
// section's checksum), at `to`.
void hash_changed(const fs::path& from, std::size_t k, const fs::path& to) {
  const std::string text = io::read_file(from);
  const io::MapFileWanted wanted[] = {{io::map_file_tag("RCPE")},
                                      {io::map_file_tag("HIST")},
                                      {io::map_file_tag("GRID")},
                                      {io::map_file_tag("VIEW")}};
  std::vector<io::MapFileSection> sections =
      io::decode_map_file(std::vector<uint8_t>(text.begin(), text.end()), wanted);
  for (io::MapFileSection& section : sections) {
    if (section.tag != io::map_file_tag("HIST")) continue;
    auto json = nlohmann::ordered_json::parse(section.bytes.begin(), section.bytes.end());
    auto& hash = json["checkpoints"][k]["hash"].get_ref<std::string&>();
    hash[15] = hash[15] == '0' ? '1' : '0';
    const std::string changed = json.dump();
    section.bytes.assign(changed.begin(), changed.end());
  }
  io::write_file_atomically(to, std::span<const uint8_t>(io::encode_map_file(sections)),
                            io::WriteMode::never_overwrite);
}

// A file whose checkpoint says other bytes than the replay makes is where this build differs.
TEST_F(CliMapFile, VerifyMapSaysWhereTheReplayFirstDiffers) {
  ASSERT_EQ(run({"--seed", "3", "--width", "64", "--height", "40", "--drops", "70000", "--out",
                 path("a").string(), "--save-map", path("m.tsmap").string()})
                .status,
            0);
  // Checkpoints every 4,096 drops; grids kept for every other one (no gap over 70,000 / 16):
  // the fourth's hash is the file's only word for it.
  hash_changed(path("m.tsmap"), 3, path("changed.tsmap"));
  const CliRun verified = run({"--verify-map", path("changed.tsmap").string()});
  EXPECT_EQ(verified.status, 1) << verified.err;
  EXPECT_NE(verified.out.find("checkpoint 3 of 18, command 0, drop 8,192: the same"),
            std::string::npos)
      << verified.out;
  EXPECT_NE(verified.out.find("checkpoint 4 of 18, command 0, drop 12,288: differs"),
            std::string::npos)
      << verified.out;
  EXPECT_EQ(testing::line_count(verified.out), 5u) << verified.out;
}

TEST_F(CliMapFile, BadFilesAndFlagsAreOneLineAndNothingWritten) {
  io::write_file_atomically(path("not.tsmap"), std::string("{\"rain\": 5}"),
                            io::WriteMode::never_overwrite);
  struct Case {
    std::vector<std::string> args;
    std::string err;
  };
  const std::string bad = path("not.tsmap").string();
  for (const Case& c : std::vector<Case>{
           {{"--open-map", bad, "--out", path("o").string()},
            "terrain-cli: --open-map " + bad + ": a JSON text, not a map file\n"},
           {{"--verify-map", bad},
            "terrain-cli: --verify-map " + bad + ": a JSON text, not a map file\n"},
           {{"--open-map", path("none.tsmap").string(), "--out", path("o").string()},
            "terrain-cli: --open-map " + path("none.tsmap").string() +
                ": No such file or directory\n"},
           {{"--open-map", bad, "--width", "50", "--out", path("o").string()},
            "terrain-cli: --width does not apply with --open-map (the map file has its own "
            "ground)\n"},
           {{"--verify-map", bad, "--seed", "4"},
            "terrain-cli: --seed does not apply with --verify-map (it replays the file and writes "
            "nothing)\n"}}) {
    const CliRun r = run(c.args);
    EXPECT_EQ(r.status, 2) << c.args[0];
    EXPECT_EQ(r.err, c.err);
    EXPECT_FALSE(fs::exists(path("o")));
  }
}

}  // namespace
}  // namespace terrain
