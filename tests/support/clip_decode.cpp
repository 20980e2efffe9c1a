// Time-lapses read back with the libraries themselves (see clip_decode.h).
#include "clip_decode.h"

extern "C" {
#include <gif_lib.h>
#include <libavformat/avformat.h>
#include <libavutil/frame.h>
#include <libswscale/swscale.h>
}

#include <cstring>
#include <stdexcept>
#include <string>
#include <utility>

namespace terrain::testing {

DecodedGif decode_gif(const std::filesystem::path& path) {
  int error = 0;
  GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
  if (gif == nullptr) throw std::runtime_error("DGifOpenFileName: " + std::to_string(error));
  if (DGifSlurp(gif) != GIF_OK) {
    const int slurp_error = gif->Error;
    DGifCloseFile(gif, &error);
    throw std::runtime_error("DGifSlurp: " + std::string(GifErrorString(slurp_error)));
  }
  DecodedGif out;
  out.width = gif->SWidth;
  out.height = gif->SHeight;
  std::vector<uint8_t> canvas(static_cast<std::size_t>(out.width) * out.height * 3, 0);
  for (int i = 0; i < gif->ImageCount; i++) {
    const SavedImage& image = gif->SavedImages[i];
    for (int b = 0; b + 1 < image.ExtensionBlockCount; b++) {
      const ExtensionBlock& block = image.ExtensionBlocks[b];
      const ExtensionBlock& next = image.ExtensionBlocks[b + 1];
      if (block.Function == APPLICATION_EXT_FUNC_CODE && block.ByteCount == 11 &&
          std::memcmp(block.Bytes, "NETSCAPE2.0", 11) == 0 && next.ByteCount == 3 &&
          next.Bytes[0] == 1 && next.Bytes[1] == 0 && next.Bytes[2] == 0) {
        out.loops_forever = true;
      }
    }
    GraphicsControlBlock gcb{DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
    DGifSavedExtensionToGCB(gif, i, &gcb);
    const ColorMapObject* map =
        image.ImageDesc.ColorMap != nullptr ? image.ImageDesc.ColorMap : gif->SColorMap;
    if (map == nullptr) throw std::runtime_error("a frame without a colour map");
    const GifImageDesc& d = image.ImageDesc;
    for (int y = 0; y < d.Height; y++) {
      for (int x = 0; x < d.Width; x++) {
        const int index = image.RasterBits[y * d.Width + x];
        if (index == gcb.TransparentColor) continue;
        if (index >= map->ColorCount) throw std::runtime_error("an index past the colour map");
        uint8_t* p = &canvas[(static_cast<std::size_t>(d.Top + y) * out.width + d.Left + x) * 3];
        p[0] = map->Colors[index].Red;
        p[1] = map->Colors[index].Green;
        p[2] = map->Colors[index].Blue;
      }
    }
    out.frames.push_back(canvas);
    out.delays.push_back(gcb.DelayTime);
  }
  DGifCloseFile(gif, &error);
  return out;
}

DecodedVideo decode_video(const std::filesystem::path& path) {
  AVFormatContext* in = nullptr;
  if (avformat_open_input(&in, path.c_str(), nullptr, nullptr) < 0) {
    throw std::runtime_error("avformat_open_input failed");
  }
  DecodedVideo out;
  AVCodecContext* decoder = nullptr;
  AVPacket* packet = av_packet_alloc();
  AVFrame* frame = av_frame_alloc();
  SwsContext* scaler = nullptr;
  auto drain = [&] {
    while (avcodec_receive_frame(decoder, frame) == 0) {
      if (scaler == nullptr) {
        scaler =
            sws_getContext(frame->width, frame->height, static_cast<AVPixelFormat>(frame->format),
                           frame->width, frame->height, AV_PIX_FMT_RGBA,
                           SWS_BILINEAR | SWS_ACCURATE_RND, nullptr, nullptr, nullptr);
        // The frame's own matrix and range (swscale's tables are indexed by AVColorSpace; an
        // unspecified one gets its default, BT.601).
        const int* matrix = sws_getCoefficients(frame->colorspace);
        sws_setColorspaceDetails(scaler, matrix, frame->color_range == AVCOL_RANGE_JPEG ? 1 : 0,
                                 matrix, 1, 0, 1 << 16, 1 << 16);
      }
      std::vector<uint8_t> rgba(static_cast<std::size_t>(frame->width) * frame->height * 4);
      uint8_t* planes[1] = {rgba.data()};
      const int strides[1] = {frame->width * 4};
      sws_scale(scaler, frame->data, frame->linesize, 0, frame->height, planes, strides);
      out.frames.push_back(std::move(rgba));
      av_frame_unref(frame);
    }
  };
  try {
    if (avformat_find_stream_info(in, nullptr) < 0) throw std::runtime_error("no stream info");
    const AVCodec* codec = nullptr;
    const int stream = av_find_best_stream(in, AVMEDIA_TYPE_VIDEO, -1, -1, &codec, 0);
    if (stream < 0 || codec == nullptr) throw std::runtime_error("no video stream");
    const AVCodecParameters* par = in->streams[stream]->codecpar;
    out.width = par->width;
    out.height = par->height;
    out.codec = par->codec_id;
    out.pixel_format = par->format;
    out.frame_rate = in->streams[stream]->avg_frame_rate;
    out.time_base = in->streams[stream]->time_base;
    out.color_primaries = par->color_primaries;
    out.color_trc = par->color_trc;
    out.color_space = par->color_space;
    out.color_range = par->color_range;
    decoder = avcodec_alloc_context3(codec);
    avcodec_parameters_to_context(decoder, par);
    if (avcodec_open2(decoder, codec, nullptr) < 0) throw std::runtime_error("no decoder");
    while (av_read_frame(in, packet) >= 0) {
      if (packet->stream_index == stream) {
        out.packet_durations.push_back(packet->duration);
        avcodec_send_packet(decoder, packet);
      }
      av_packet_unref(packet);
      drain();
    }
    avcodec_send_packet(decoder, nullptr);
    drain();
  } catch (...) {
    sws_freeContext(scaler);
    av_frame_free(&frame);
    av_packet_free(&packet);
    avcodec_free_context(&decoder);
    avformat_close_input(&in);
    throw;
  }
  sws_freeContext(scaler);
  av_frame_free(&frame);
  av_packet_free(&packet);
  avcodec_free_context(&decoder);
  avformat_close_input(&in);
  return out;
}

}  // namespace terrain::testing
