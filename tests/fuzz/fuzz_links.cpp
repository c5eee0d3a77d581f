// revindex's link reader on any bytes: every link it finds is a non-empty slice of the page
// without a tab, CR or LF, never a read out of bounds.

#include <cstdint>
#include <cstdlib>

#include "fuzz_input.hpp"
#include "revindex/links.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  auto html = pgasmr::fuzz::as_text(data, size);
  for (auto link : pgasmr::apps::revindex::distinct_links(html)) {
    if (link.empty() || link.data() < html.data() || link.data() + link.size() > html.data() + html.size()) std::abort();
    if (link.find_first_of("\t\r\n") != std::string_view::npos) std::abort();
  }
  return 0;
}
