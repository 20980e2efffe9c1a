// Animated GIF in memory (see gif_encoder.h).
//
// Sections: the median-cut quantizer; giflib plumbing (writing to memory, errors); GifEncoder.
#include "io/gif_encoder.h"

#include <gif_lib.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

namespace terrain::io {
namespace {

// How far (in levels of any channel) what a GIF shows of a pixel may be from the frame's colour
// before the pixel is drawn again.
constexpr int kTolerance = 4;

// --- The quantizer -------------------------------------------------------------------------

// Colours are gathered in bins of 5 bits a channel.
constexpr int kBinBits = 5;
constexpr int kBins = 1 << (3 * kBinBits);

inline uint32_t bin_of(const uint8_t* p) {
  constexpr int drop = 8 - kBinBits;
  return uint32_t{p[0]} >> drop << (2 * kBinBits) | uint32_t{p[1]} >> drop << kBinBits |
         uint32_t{p[2]} >> drop;
}

// A histogram of colours and the palette made from it. Its buffers are kept from frame to
// frame, and only the bins a frame used are cleared, so a frame costs what it holds.
class Quantizer {
 public:
  Quantizer() : count_(kBins, 0), sum_(std::size_t{kBins} * 3, 0), lut_(kBins, 0) {}

  // Forgets the colours added so far.
  void clear() {
    for (const uint32_t key : used_) {
      count_[key] = 0;
      sum_[3 * key] = sum_[3 * key + 1] = sum_[3 * key + 2] = 0;
    }
    used_.clear();
  }

  // Counts one pixel's colour (its first three bytes).
  void add(const uint8_t* p) {
    const uint32_t key = bin_of(p);
    if (count_[key]++ == 0) used_.push_back(key);
    sum_[3 * key] += p[0];
    sum_[3 * key + 1] += p[1];
    sum_[3 * key + 2] += p[2];
  }

  bool empty() const { return used_.empty(); }

  // The palette of at most `max_colors` colours for the colours added (at least one), into
  // `palette`; afterwards index() maps any colour added to its nearest entry.
  void build(int max_colors, std::vector<std::array<uint8_t, 3>>& palette);

  // The palette entry of a colour that was added.
  uint8_t index(const uint8_t* p) const { return lut_[bin_of(p)]; }

 private:
  // A used bin: the mean of its exact colours, and how many pixels it holds.
  struct Entry {
    float c[3];
    float weight;
    uint32_t key;
  };
  // A run of entries, [begin, end), with its squared error and the channel it spreads most on.
  struct Box {
    std::size_t begin;
    std::size_t end;
    double score;
    int axis;
  };

  Box measure(std::size_t begin, std::size_t end) const;

  std::vector<uint32_t> count_;  // pixels in each bin
  std::vector<uint64_t> sum_;    // their colours' sums, r, g, b for each bin
  std::vector<uint8_t> lut_;     // each used bin's palette entry
  std::vector<uint32_t> used_;   // the bins in use, in the order first seen
  std::vector<Entry> entries_;
  std::vector<Box> boxes_;
};

Quantizer::Box Quantizer::measure(std::size_t begin, std::size_t end) const {
  Box box{begin, end, 0.0, 0};
  if (end - begin < 2) return box;  // one bin: nothing to split
  double w = 0;
  double s[3] = {0, 0, 0};
  double q[3] = {0, 0, 0};
  for (std::size_t i = begin; i < end; i++) {
    const Entry& e = entries_[i];
    w += e.weight;
    for (int c = 0; c < 3; c++) {
      s[c] += double{e.weight} * e.c[c];
      q[c] += double{e.weight} * e.c[c] * e.c[c];
    }
  }
  double best = -1;
  for (int c = 0; c < 3; c++) {
    const double sse = std::max(0.0, q[c] - s[c] * s[c] / w);
    box.score += sse;
    if (sse > best) {
      best = sse;
      box.axis = c;
    }
  }
  return box;
}

void Quantizer::build(int max_colors, std::vector<std::array<uint8_t, 3>>& palette) {
  entries_.clear();
  for (const uint32_t key : used_) {
    const float n = static_cast<float>(count_[key]);
    entries_.push_back(
        {{static_cast<float>(sum_[3 * key]) / n, static_cast<float>(sum_[3 * key + 1]) / n,
          static_cast<float>(sum_[3 * key + 2]) / n},
         n,
         key});
  }
  boxes_.clear();
  boxes_.push_back(measure(0, entries_.size()));
  while (static_cast<int>(boxes_.size()) < max_colors) {
    // The box with the most squared error is split next.
    std::size_t worst = 0;
    for (std::size_t b = 1; b < boxes_.size(); b++) {
      if (boxes_[b].score > boxes_[worst].score) worst = b;
    }
    const Box box = boxes_[worst];
    if (box.score <= 0) break;  // every box is one bin (or one colour)
    const int axis = box.axis;
    const auto first = entries_.begin() + static_cast<std::ptrdiff_t>(box.begin);
    const auto last = entries_.begin() + static_cast<std::ptrdiff_t>(box.end);
    std::sort(first, last,
              [axis](const Entry& a, const Entry& b) { return a.c[axis] < b.c[axis]; });
    // Where the split leaves the least squared error along the axis: the largest
    // sl^2 / wl + sr^2 / wr.
    double total_w = 0;
    double total_s = 0;
    for (auto e = first; e != last; ++e) {
      total_w += e->weight;
      total_s += double{e->weight} * e->c[axis];
    }
    double wl = 0;
    double sl = 0;
    double best_gain = -1;
    std::size_t split = box.begin + 1;
    for (std::size_t i = box.begin; i + 1 < box.end; i++) {
      wl += entries_[i].weight;
      sl += double{entries_[i].weight} * entries_[i].c[axis];
      const double wr = total_w - wl;
      const double sr = total_s - sl;
      const double gain = sl * sl / wl + sr * sr / wr;
      if (gain > best_gain) {
        best_gain = gain;
        split = i + 1;
      }
    }
    boxes_[worst] = measure(box.begin, split);
    boxes_.push_back(measure(split, box.end));
  }

  // Each entry: the mean of the exact colours in its box.
  palette.clear();
  for (const Box& box : boxes_) {
    uint64_t n = 0;
    uint64_t s[3] = {0, 0, 0};
    for (std::size_t i = box.begin; i < box.end; i++) {
      const uint32_t key = entries_[i].key;
      n += count_[key];
      for (int c = 0; c < 3; c++) s[c] += sum_[3 * key + c];
    }
    std::array<uint8_t, 3> colour{};
    for (int c = 0; c < 3; c++) colour[c] = static_cast<uint8_t>((s[c] + n / 2) / n);
    palette.push_back(colour);
  }

  // Each bin: the entry nearest its mean colour.
  const std::size_t colours = palette.size();
  float pal[256][3];
  for (std::size_t p = 0; p < colours; p++) {
    for (int c = 0; c < 3; c++) pal[p][c] = palette[p][c];
  }
  for (const Entry& e : entries_) {
    std::size_t nearest = 0;
    float best = 1e30f;
    for (std::size_t p = 0; p < colours; p++) {
      const float dr = pal[p][0] - e.c[0];
      const float dg = pal[p][1] - e.c[1];
      const float db = pal[p][2] - e.c[2];
      const float d = dr * dr + dg * dg + db * db;
      if (d < best) {
        best = d;
        nearest = p;
      }
    }
    lut_[e.key] = static_cast<uint8_t>(nearest);
  }
}

// --- giflib plumbing -----------------------------------------------------------------------

// giflib's output function: appends to the std::vector<uint8_t> in the file's UserData.
int write_to_memory(GifFileType* gif, const GifByteType* data, int size) {
  auto* out = static_cast<std::vector<uint8_t>*>(gif->UserData);
  try {
    out->insert(out->end(), data, data + size);
  } catch (...) {
    return 0;  // giflib reports a failed write
  }
  return size;
}

std::string gif_reason(int code) {
  const char* text = GifErrorString(code);
  std::string reason = "giflib: ";
  reason += text != nullptr ? text : "error " + std::to_string(code);
  return reason;
}

[[noreturn]] void gif_fail(const GifFileType* gif, const char* what) {
  std::string message = what;
  message += " failed (";
  message += gif_reason(gif->Error);
  message += ")";
  throw std::runtime_error(message);
}

// The smallest palette size giflib takes (a power of two, 2..256) holding `colours`.
int map_size(int colours) {
  int size = 2;
  while (size < colours) size *= 2;
  return size;
}

}  // namespace

// --- quantize_rgba -------------------------------------------------------------------------

QuantizedImage quantize_rgba(std::span<const uint8_t> rgba, int max_colors) {
  if (rgba.size() % 4 != 0) {
    throw std::invalid_argument("quantize_rgba: " + std::to_string(rgba.size()) +
                                " bytes are not whole RGBA8 pixels");
  }
  if (max_colors < 1 || max_colors > 256) {
    throw std::invalid_argument("quantize_rgba: " + std::to_string(max_colors) +
                                " colours: allowed are 1..256");
  }
  QuantizedImage image;
  const std::size_t pixels = rgba.size() / 4;
  if (pixels == 0) return image;
  Quantizer quantizer;
  for (std::size_t i = 0; i < pixels; i++) quantizer.add(&rgba[4 * i]);
  quantizer.build(max_colors, image.palette);
  image.indices.resize(pixels);
  for (std::size_t i = 0; i < pixels; i++) image.indices[i] = quantizer.index(&rgba[4 * i]);
  return image;
}

// --- GifEncoder ----------------------------------------------------------------------------

struct GifEncoder::State {
  std::vector<uint8_t> out;       // the file so far
  GifFileType* gif = nullptr;     // writing into `out`
  std::vector<uint8_t> previous;  // the last frame's pixels, RGBA8
  std::vector<uint8_t> shown;     // what a viewer shows after the last frame, RGB8
  std::vector<uint8_t> redraw;    // this frame: 1 for each pixel drawn, 0 for one kept
  std::vector<GifPixelType> indices;
  std::vector<std::array<uint8_t, 3>> palette;
  Quantizer quantizer;
  int delay = 0;

  ~State() {
    if (gif != nullptr) EGifCloseFile(gif, nullptr);
  }
};

GifEncoder::GifEncoder(int width, int height, int delay_centiseconds, bool loop)
    : state_(std::make_unique<State>()), width_(width), height_(height) {
  if (width < 1 || width > 65535 || height < 1 || height > 65535) {
    throw std::invalid_argument("GIF of " + std::to_string(width) + " x " + std::to_string(height) +
                                " pixels: allowed are 1..65535 each");
  }
  if (delay_centiseconds < 2 || delay_centiseconds > 65535) {
    throw std::invalid_argument("GIF frame delay of " + std::to_string(delay_centiseconds) +
                                " centiseconds: allowed are 2..65535");
  }
  State& s = *state_;
  s.delay = delay_centiseconds;
  s.previous.resize(std::size_t{4} * static_cast<std::size_t>(width) *
                    static_cast<std::size_t>(height));
  s.indices.resize(s.previous.size() / 4);
  s.redraw.resize(s.previous.size() / 4);
  s.shown.resize(s.previous.size() / 4 * 3);
  int error = 0;
  s.gif = EGifOpen(&s.out, write_to_memory, &error);
  if (s.gif == nullptr) throw std::runtime_error("EGifOpen failed (" + gif_reason(error) + ")");
  // GIF89a: the frames' delays and transparency, and the loop, are GIF89 extensions.
  EGifSetGifVersion(s.gif, true);
  // No global colour table: every frame brings its own.
  if (EGifPutScreenDesc(s.gif, width, height, 8, 0, nullptr) == GIF_ERROR) {
    gif_fail(s.gif, "EGifPutScreenDesc");
  }
  if (loop) {
    // Netscape's application extension: loop count 0, forever.
    static const char kNetscape[] = "NETSCAPE2.0";
    const uint8_t forever[3] = {1, 0, 0};
    if (EGifPutExtensionLeader(s.gif, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(s.gif, 11, kNetscape) == GIF_ERROR ||
        EGifPutExtensionBlock(s.gif, 3, forever) == GIF_ERROR ||
        EGifPutExtensionTrailer(s.gif) == GIF_ERROR) {
      gif_fail(s.gif, "writing the loop extension");
    }
  }
}

GifEncoder::~GifEncoder() = default;

void GifEncoder::add_frame(std::span<const uint8_t> rgba) {
  State& s = *state_;
  if (s.gif == nullptr) throw std::logic_error("GifEncoder::add_frame after finish()");
  if (rgba.size() != s.previous.size()) {
    throw std::invalid_argument("GIF frame of " + std::to_string(rgba.size()) + " bytes: a " +
                                std::to_string(width_) + " x " + std::to_string(height_) +
                                " RGBA8 frame has " + std::to_string(s.previous.size()));
  }
  const std::size_t w = static_cast<std::size_t>(width_);
  const std::size_t h = static_cast<std::size_t>(height_);
  const bool first = frames_ == 0;
  const uint8_t* now = rgba.data();
  const uint8_t* before = s.previous.data();
  const uint8_t* shown = s.shown.data();
  // A pixel is drawn again when its colour changed since the last frame and what is shown is
  // more than kTolerance off it in a channel; otherwise it is kept (transparent). Compared with
  // what is shown, the kept pixels never drift further than that.
  auto differs = [&](std::size_t i) {
    if (now[4 * i] == before[4 * i] && now[4 * i + 1] == before[4 * i + 1] &&
        now[4 * i + 2] == before[4 * i + 2]) {
      return false;
    }
    for (int c = 0; c < 3; c++) {
      if (std::abs(int{now[4 * i + c]} - int{shown[3 * i + c]}) > kTolerance) return true;
    }
    return false;
  };
  uint8_t* redraw = s.redraw.data();
  auto changed = [&](std::size_t i) { return redraw[i] != 0; };

  // The rectangle [left, right) x [top, bottom) holding every changed pixel.
  std::size_t left = 0;
  std::size_t right = w;
  std::size_t top = 0;
  std::size_t bottom = h;
  if (first) {
    std::fill(s.redraw.begin(), s.redraw.end(), uint8_t{1});
  } else {
    left = w;
    right = 0;
    top = h;
    bottom = 0;
    for (std::size_t y = 0; y < h; y++) {
      const std::size_t row = y * w;
      std::size_t x0 = w;
      std::size_t x1 = 0;
      for (std::size_t x = 0; x < w; x++) {
        const bool d = differs(row + x);
        redraw[row + x] = d ? 1 : 0;
        if (d) {
          x0 = std::min(x0, x);
          x1 = x + 1;
        }
      }
      if (x1 == 0) continue;
      left = std::min(left, x0);
      right = std::max(right, x1);
      top = std::min(top, y);
      bottom = y + 1;
    }
  }

  int transparent = NO_TRANSPARENT_COLOR;
  int colours = 0;
  std::size_t rect_w = 1;
  std::size_t rect_h = 1;
  if (right <= left) {
    // Nothing changed: one transparent pixel keeps the frame (and its delay).
    left = 0;
    top = 0;
    s.palette.assign(1, {0, 0, 0});
    s.indices[0] = 0;
    transparent = 0;
    colours = 1;
  } else {
    rect_w = right - left;
    rect_h = bottom - top;
    s.quantizer.clear();
    for (std::size_t y = top; y < bottom; y++) {
      for (std::size_t i = y * w + left; i < y * w + right; i++) {
        if (changed(i)) s.quantizer.add(now + 4 * i);
      }
    }
    // The last index of a later frame's palette is left for "unchanged": transparent.
    s.quantizer.build(first ? 256 : 255, s.palette);
    colours = static_cast<int>(s.palette.size());
    if (!first) transparent = colours++;
    GifPixelType* out = s.indices.data();
    for (std::size_t y = top; y < bottom; y++) {
      for (std::size_t i = y * w + left; i < y * w + right; i++) {
        if (changed(i)) {
          const uint8_t index = s.quantizer.index(now + 4 * i);
          *out++ = index;
          std::memcpy(&s.shown[3 * i], s.palette[index].data(), 3);
        } else {
          *out++ = static_cast<GifPixelType>(transparent);
        }
      }
    }
  }

  GraphicsControlBlock gcb{};
  gcb.DisposalMode = DISPOSE_DO_NOT;  // the next frame draws over this one
  gcb.UserInputFlag = false;
  gcb.DelayTime = s.delay;
  gcb.TransparentColor = transparent;
  GifByteType extension[4];
  const std::size_t length = EGifGCBToExtension(&gcb, extension);
  if (EGifPutExtension(s.gif, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension) ==
      GIF_ERROR) {
    gif_fail(s.gif, "writing a frame's delay (graphics control extension)");
  }

  const int size = map_size(colours);
  std::vector<GifColorType> table(static_cast<std::size_t>(size), GifColorType{0, 0, 0});
  for (std::size_t p = 0; p < s.palette.size(); p++) {
    table[p] = GifColorType{s.palette[p][0], s.palette[p][1], s.palette[p][2]};
  }
  ColorMapObject* map = GifMakeMapObject(size, table.data());
  if (map == nullptr) throw std::runtime_error("GifMakeMapObject failed (out of memory)");
  // EGifPutImageDesc keeps its own copy of the colour map.
  const int described =
      EGifPutImageDesc(s.gif, static_cast<int>(left), static_cast<int>(top),
                       static_cast<int>(rect_w), static_cast<int>(rect_h), false, map);
  GifFreeMapObject(map);
  if (described == GIF_ERROR) gif_fail(s.gif, "EGifPutImageDesc");
  if (EGifPutLine(s.gif, s.indices.data(), static_cast<int>(rect_w * rect_h)) == GIF_ERROR) {
    gif_fail(s.gif, "EGifPutLine");
  }
  std::memcpy(s.previous.data(), now, s.previous.size());
  frames_++;
}

std::vector<uint8_t> GifEncoder::finish() {
  State& s = *state_;
  if (s.gif == nullptr) throw std::logic_error("GifEncoder::finish twice");
  if (frames_ == 0) throw std::runtime_error("a GIF needs at least one frame");
  int error = 0;
  const int closed = EGifCloseFile(std::exchange(s.gif, nullptr), &error);
  // giflib does not check the trailer's write: it must be there.
  if (closed == GIF_ERROR || s.out.empty() || s.out.back() != ';') {
    throw std::runtime_error("EGifCloseFile failed (" + gif_reason(error) + ")");
  }
  return std::move(s.out);
}

}  // namespace terrain::io
