#pragma once
// How error messages name a file: in single quotes, as the user typed it.

#include <filesystem>
#include <string>
#include <string_view>

namespace pgasmr::datasets::detail {

inline std::string quoted(std::string_view name) { return "'" + std::string(name) + "'"; }
inline std::string quoted(const std::filesystem::path& path) { return quoted(std::string_view(path.native())); }

}  // namespace pgasmr::datasets::detail
