// Where the panel's controls were drawn (see control_rects.h).
#include "app/panel/control_rects.h"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace terrain::app {

void ControlRects::begin_frame() {
  for (std::size_t k = 0; k < count_; k++) {
    entries_[k].seen = false;
    entries_[k].rect = {};
  }
}

ControlRects::Entry* ControlRects::find(std::string_view name) {
  for (std::size_t k = 0; k < count_; k++) {
    Entry& e = entries_[k];
    if (std::string_view(e.name, e.length) == name) return &e;
  }
  return nullptr;
}

const ControlRects::Entry* ControlRects::find(std::string_view name) const {
  return const_cast<ControlRects*>(this)->find(name);
}

void ControlRects::note(std::string_view name, float x, float y, float w, float h) {
  name = name.substr(0, kNameSize - 1);
  Entry* e = find(name);
  if (e == nullptr) {
    if (count_ == kCapacity) return;
    e = &entries_[count_++];
    std::memcpy(e->name, name.data(), name.size());
    e->length = name.size();
  }
  e->seen = true;
  e->rect = {x, y, w, h};
}

std::array<float, 4> ControlRects::rect(std::string_view name) const {
  const Entry* e = find(name.substr(0, kNameSize - 1));
  return e ? e->rect : std::array<float, 4>{};
}

void ControlRects::changes(
    const std::function<void(std::string_view, const std::array<float, 4>&)>& report) {
  for (std::size_t k = 0; k < count_; k++) {
    Entry& e = entries_[k];
    if (e.ever_reported && e.rect == e.reported) continue;
    if (!e.ever_reported && !e.seen) continue;
    e.reported = e.rect;
    e.ever_reported = true;
    report(std::string_view(e.name, e.length), e.rect);
  }
}

std::string_view control_name(std::string_view label, char (&out)[ControlRects::kNameSize]) {
  const std::size_t hashes = label.find("##");
  if (hashes != std::string_view::npos) {
    label = hashes > 0 ? label.substr(0, hashes) : label.substr(hashes + 2);
  }
  std::size_t n = 0;
  bool gap = false;
  for (const char c : label) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '.' || c == '+') {
      if (gap && n > 0 && n < ControlRects::kNameSize - 1) out[n++] = '_';
      gap = false;
      if (n < ControlRects::kNameSize - 1) out[n++] = static_cast<char>(std::tolower(u));
    } else {
      gap = true;
    }
  }
  out[n] = '\0';
  return std::string_view(out, n);
}

}  // namespace terrain::app
