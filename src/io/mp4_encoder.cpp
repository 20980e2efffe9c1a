// H.264 MP4 in memory (see mp4_encoder.h).
//
// Sections: FFmpeg plumbing (errors, the log level, the seekable memory output and the
// faststart pass's reading of it); the encoder's state; Mp4Encoder.
#include "io/mp4_encoder.h"

extern "C" {
#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/frame.h>
#include <libavutil/log.h>
#include <libavutil/mem.h>
#include <libswscale/swscale.h>
}

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <limits>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>

namespace terrain::io {
namespace {

// --- FFmpeg plumbing -----------------------------------------------------------------------

std::string av_reason(int code) {
  char text[AV_ERROR_MAX_STRING_SIZE] = {};
  av_strerror(code, text, sizeof text);
  return text;
}

[[noreturn]] void av_fail(const char* what, int code) {
  std::string message = what;
  message += " failed (FFmpeg: ";
  message += av_reason(code);
  message += ")";
  throw std::runtime_error(message);
}

// x264 reports its settings at FFmpeg's "info" level on every open; unless the program chose
// a level of its own, only errors are printed.
void quiet_ffmpeg_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    if (av_log_get_level() == AV_LOG_INFO) av_log_set_level(AV_LOG_ERROR);
  });
}

// The file, written into memory: the muxer writes and seeks (it goes back to fill in sizes).
struct MemoryOutput {
  std::vector<uint8_t> bytes;
  int64_t position = 0;
};

int write_to_memory(void* opaque, uint8_t* data, int size) {
  auto* out = static_cast<MemoryOutput*>(opaque);
  if (size < 0) return AVERROR(EINVAL);
  const auto end = static_cast<std::size_t>(out->position) + static_cast<std::size_t>(size);
  try {
    if (end > out->bytes.size()) out->bytes.resize(end);
  } catch (...) {
    return AVERROR(ENOMEM);
  }
  std::memcpy(out->bytes.data() + out->position, data, static_cast<std::size_t>(size));
  out->position = static_cast<int64_t>(end);
  return size;
}

int64_t seek_in_memory(void* opaque, int64_t offset, int whence) {
  auto* out = static_cast<MemoryOutput*>(opaque);
  const auto size = static_cast<int64_t>(out->bytes.size());
  if (whence & AVSEEK_SIZE) return size;
  whence &= ~AVSEEK_FORCE;
  int64_t base = 0;
  if (whence == SEEK_CUR) {
    base = out->position;
  } else if (whence == SEEK_END) {
    base = size;
  } else if (whence != SEEK_SET) {
    return AVERROR(EINVAL);
  }
  const int64_t to = base + offset;
  if (to < 0) return AVERROR(EINVAL);
  out->position = to;
  return to;
}

// How much the muxer's I/O layer buffers before it calls write_to_memory.
constexpr int kIoBuffer = 1 << 16;

// Faststart: when the muxer has written the frames it moves them up to put the index
// ("moov") in front, reading the file it wrote through a second context it opens itself
// (AVFormatContext::io_open, "re-open the output for the second pass"). Here that context
// reads the memory written so far; each read copies out of it, so it may grow meanwhile.
struct MemoryReader {
  const MemoryOutput* source = nullptr;
  int64_t position = 0;
};

int read_from_memory(void* opaque, uint8_t* data, int size) {
  auto* in = static_cast<MemoryReader*>(opaque);
  const auto total = static_cast<int64_t>(in->source->bytes.size());
  if (in->position >= total) return AVERROR_EOF;
  const int n = static_cast<int>(std::min<int64_t>(size, total - in->position));
  std::memcpy(data, in->source->bytes.data() + in->position, static_cast<std::size_t>(n));
  in->position += n;
  return n;
}

int64_t seek_reader(void* opaque, int64_t offset, int whence) {
  auto* in = static_cast<MemoryReader*>(opaque);
  const auto size = static_cast<int64_t>(in->source->bytes.size());
  if (whence & AVSEEK_SIZE) return size;
  whence &= ~AVSEEK_FORCE;
  const int64_t base = whence == SEEK_CUR ? in->position : whence == SEEK_END ? size : 0;
  if (whence != SEEK_SET && whence != SEEK_CUR && whence != SEEK_END) return AVERROR(EINVAL);
  if (base + offset < 0) return AVERROR(EINVAL);
  in->position = base + offset;
  return in->position;
}

// AVFormatContext::io_open for the muxer's second pass: the memory output (the context's
// opaque) for reading; nothing else may be opened.
int open_for_second_pass(AVFormatContext* format, AVIOContext** pb, const char*, int flags,
                         AVDictionary**) {
  if ((flags & AVIO_FLAG_WRITE) != 0 || format->opaque == nullptr) return AVERROR(EPERM);
  auto* buffer = static_cast<unsigned char*>(av_malloc(kIoBuffer));
  if (buffer == nullptr) return AVERROR(ENOMEM);
  auto* reader = new (std::nothrow) MemoryReader{static_cast<const MemoryOutput*>(format->opaque)};
  if (reader == nullptr) {
    av_free(buffer);
    return AVERROR(ENOMEM);
  }
  *pb = avio_alloc_context(buffer, kIoBuffer, 0, reader, read_from_memory, nullptr, seek_reader);
  if (*pb == nullptr) {
    delete reader;
    av_free(buffer);
    return AVERROR(ENOMEM);
  }
  return 0;
}

// AVFormatContext::io_close2 for what open_for_second_pass opened.
int close_second_pass(AVFormatContext*, AVIOContext* pb) {
  delete static_cast<MemoryReader*>(pb->opaque);
  av_freep(&pb->buffer);
  avio_context_free(&pb);
  return 0;
}

}  // namespace

// --- The encoder's state -------------------------------------------------------------------

struct Mp4Encoder::State {
  MemoryOutput output;
  AVFormatContext* format = nullptr;
  AVIOContext* io = nullptr;
  AVCodecContext* codec = nullptr;
  AVStream* stream = nullptr;
  AVFrame* frame = nullptr;
  AVPacket* packet = nullptr;
  SwsContext* scaler = nullptr;
  bool finished = false;

  ~State() {
    sws_freeContext(scaler);
    av_packet_free(&packet);
    av_frame_free(&frame);
    avcodec_free_context(&codec);
    avformat_free_context(format);  // its pb is ours (AVFMT_FLAG_CUSTOM_IO), freed below
    if (io != nullptr) {
      av_freep(&io->buffer);
      avio_context_free(&io);
    }
  }

  // Sends a frame (null: the end) and writes every packet the encoder has ready.
  void encode(const AVFrame* f) {
    int rc = avcodec_send_frame(codec, f);
    if (rc < 0) av_fail("avcodec_send_frame", rc);
    for (;;) {
      rc = avcodec_receive_packet(codec, packet);
      if (rc == AVERROR(EAGAIN) || rc == AVERROR_EOF) return;
      if (rc < 0) av_fail("avcodec_receive_packet", rc);
      av_packet_rescale_ts(packet, codec->time_base, stream->time_base);
      packet->stream_index = stream->index;
      rc = av_interleaved_write_frame(format, packet);  // takes the packet's data
      if (rc < 0) av_fail("av_interleaved_write_frame", rc);
    }
  }
};

// --- Mp4Encoder ----------------------------------------------------------------------------

Mp4Encoder::Mp4Encoder(int width, int height, int frames_per_second, const Mp4Settings& settings)
    : state_(std::make_unique<State>()), width_(width), height_(height) {
  if (width < 2 || width > 7680 || height < 2 || height > 4320 || width % 2 != 0 ||
      height % 2 != 0) {
    throw std::invalid_argument("MP4 of " + std::to_string(width) + " x " + std::to_string(height) +
                                " pixels: allowed are even sizes, 2..7680 x 2..4320 (H.264 in "
                                "YUV 4:2:0 halves both)");
  }
  if (frames_per_second < 1 || frames_per_second > 120) {
    throw std::invalid_argument("MP4 at " + std::to_string(frames_per_second) +
                                " frames a second: allowed are 1..120");
  }
  if (settings.crf < 0 || settings.crf > 51) {
    throw std::invalid_argument("MP4 quality (crf) " + std::to_string(settings.crf) +
                                ": allowed are 0..51");
  }
  quiet_ffmpeg_once();
  State& s = *state_;

  const AVCodec* h264 = avcodec_find_encoder_by_name("libx264");
  if (h264 == nullptr) h264 = avcodec_find_encoder(AV_CODEC_ID_H264);
  if (h264 == nullptr) {
    throw std::runtime_error("this FFmpeg has no H.264 encoder (libavcodec built without libx264)");
  }

  int rc = avformat_alloc_output_context2(&s.format, nullptr, "mp4", nullptr);
  if (rc < 0 || s.format == nullptr) av_fail("avformat_alloc_output_context2 (mp4)", rc);
  s.stream = avformat_new_stream(s.format, nullptr);
  if (s.stream == nullptr) throw std::runtime_error("avformat_new_stream failed");

  s.codec = avcodec_alloc_context3(h264);
  if (s.codec == nullptr) throw std::runtime_error("avcodec_alloc_context3 failed");
  AVCodecContext& c = *s.codec;
  c.width = width;
  c.height = height;
  c.pix_fmt = AV_PIX_FMT_YUV420P;
  c.time_base = AVRational{1, frames_per_second};
  c.framerate = AVRational{frames_per_second, 1};
  c.sample_aspect_ratio = AVRational{1, 1};
  c.gop_size = 10 * frames_per_second;  // a key frame every 10 s of video at most
  c.thread_count = 1;                   // the caller's thread only
  // Tagged BT.709 throughout, limited range: the matrix swscale is set to convert with below
  // (its default would be BT.601), the primaries sRGB shares with BT.709, and BT.709's
  // transfer, the one players assume for HD video; the pixels are sRGB levels, which players
  // show as they are under either transfer tag.
  c.colorspace = AVCOL_SPC_BT709;
  c.color_range = AVCOL_RANGE_MPEG;
  c.color_primaries = AVCOL_PRI_BT709;
  c.color_trc = AVCOL_TRC_BT709;
  if (s.format->oformat->flags & AVFMT_GLOBALHEADER) c.flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
  AVDictionary* options = nullptr;
  av_dict_set(&options, "preset", settings.preset.c_str(), 0);
  av_dict_set(&options, "crf", std::to_string(settings.crf).c_str(), 0);
  rc = avcodec_open2(s.codec, h264, &options);
  av_dict_free(&options);
  if (rc < 0) {
    std::string what = "opening the H.264 encoder ";
    what += h264->name;
    what += " (preset ";
    what += settings.preset;
    what += ")";
    av_fail(what.c_str(), rc);
  }
  rc = avcodec_parameters_from_context(s.stream->codecpar, s.codec);
  if (rc < 0) av_fail("avcodec_parameters_from_context", rc);
  s.stream->time_base = c.time_base;
  s.stream->avg_frame_rate = c.framerate;

  auto* buffer = static_cast<unsigned char*>(av_malloc(kIoBuffer));
  if (buffer == nullptr) throw std::runtime_error("av_malloc failed (out of memory)");
  s.io =
      avio_alloc_context(buffer, kIoBuffer, 1, &s.output, nullptr, write_to_memory, seek_in_memory);
  if (s.io == nullptr) {
    av_free(buffer);
    throw std::runtime_error("avio_alloc_context failed (out of memory)");
  }
  s.format->pb = s.io;
  s.format->flags |= AVFMT_FLAG_CUSTOM_IO;
  s.format->opaque = &s.output;
  s.format->io_open = open_for_second_pass;
  s.format->io_close2 = close_second_pass;
  // faststart: the index in front, so a player (a browser loading it) starts before the
  // whole file has come; write_colr: the colour tags in the container ('colr') as well as in
  // the H.264 stream.
  AVDictionary* muxer_options = nullptr;
  av_dict_set(&muxer_options, "movflags", "+faststart+write_colr", 0);
  rc = avformat_write_header(s.format, &muxer_options);
  av_dict_free(&muxer_options);
  if (rc < 0) av_fail("avformat_write_header", rc);

  s.frame = av_frame_alloc();
  s.packet = av_packet_alloc();
  if (s.frame == nullptr || s.packet == nullptr) throw std::runtime_error("out of memory");
  s.frame->format = AV_PIX_FMT_YUV420P;
  s.frame->width = width;
  s.frame->height = height;
  s.frame->colorspace = c.colorspace;
  s.frame->color_range = c.color_range;
  s.frame->color_primaries = c.color_primaries;
  s.frame->color_trc = c.color_trc;
  rc = av_frame_get_buffer(s.frame, 0);
  if (rc < 0) av_fail("av_frame_get_buffer", rc);
  s.scaler = sws_getContext(width, height, AV_PIX_FMT_RGBA, width, height, AV_PIX_FMT_YUV420P,
                            SWS_BILINEAR | SWS_ACCURATE_RND, nullptr, nullptr, nullptr);
  if (s.scaler == nullptr) throw std::runtime_error("sws_getContext (RGBA to YUV 4:2:0) failed");
  // The conversion the tags say: full-range RGB in, BT.709's matrix at limited range out
  // (brightness 0, contrast and saturation 1 in 16.16).
  const int* bt709 = sws_getCoefficients(SWS_CS_ITU709);
  if (sws_setColorspaceDetails(s.scaler, bt709, 1, bt709, 0, 0, 1 << 16, 1 << 16) < 0) {
    throw std::runtime_error("sws_setColorspaceDetails (BT.709, limited range) failed");
  }
}

Mp4Encoder::~Mp4Encoder() = default;

std::string Mp4Encoder::codec_name() const {
  return state_->codec->codec->name;
}

void Mp4Encoder::add_frame(std::span<const uint8_t> rgba) {
  State& s = *state_;
  if (s.finished) throw std::logic_error("Mp4Encoder::add_frame after finish()");
  const std::size_t expected =
      std::size_t{4} * static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_);
  if (rgba.size() != expected) {
    throw std::invalid_argument("MP4 frame of " + std::to_string(rgba.size()) + " bytes: a " +
                                std::to_string(width_) + " x " + std::to_string(height_) +
                                " RGBA8 frame has " + std::to_string(expected));
  }
  // The encoder may still hold the last frame's buffers.
  int rc = av_frame_make_writable(s.frame);
  if (rc < 0) av_fail("av_frame_make_writable", rc);
  const uint8_t* source[1] = {rgba.data()};
  const int stride[1] = {4 * width_};
  sws_scale(s.scaler, source, stride, 0, height_, s.frame->data, s.frame->linesize);
  s.frame->pts = frames_;
  s.encode(s.frame);
  frames_++;
}

std::vector<uint8_t> Mp4Encoder::finish() {
  State& s = *state_;
  if (s.finished) throw std::logic_error("Mp4Encoder::finish twice");
  s.finished = true;
  if (frames_ == 0) throw std::runtime_error("an MP4 needs at least one frame");
  s.encode(nullptr);  // the frames the encoder still holds
  const int rc = av_write_trailer(s.format);
  if (rc < 0) av_fail("av_write_trailer", rc);
  avio_flush(s.io);
  if (s.io->error < 0) av_fail("writing the MP4", s.io->error);
  return std::move(s.output.bytes);
}

}  // namespace terrain::io
