#pragma once
// The blanks that the text formats ignore around a field or a line: spaces and tabs.

#include <string_view>

namespace pgasmr::datasets::detail {

inline bool is_blank(char c) noexcept { return c == ' ' || c == '\t'; }

/// `text` without the spaces and tabs at its ends.
inline std::string_view trim_blanks(std::string_view text) noexcept {
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  return text;
}

}  // namespace pgasmr::datasets::detail
