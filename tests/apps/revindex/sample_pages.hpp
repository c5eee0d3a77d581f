#pragma once
// Random HTML pages for the reverse index tests: links to a few URLs in the forms the reader
// takes and some it leaves out, between words; some pages empty.

#include <random>
#include <string>
#include <vector>

#include <pgasmr/datasets/text_input.hpp>

namespace pgasmr::apps::test {

inline datasets::TextInput sample_pages(unsigned seed, std::size_t count) {
  const char* const forms[] = {"<a href=\"%\">x</a> ", "<A HREF = '%'> ", "<link href=\"%\"> ", "<img src=\"%\"> ",
                               "plain words ", "\n"};
  std::mt19937 random(seed);
  std::vector<std::string> pages;
  for (std::size_t i = 0; i < count; ++i) {
    std::string page;
    for (auto n = random() % 30; n > 0; --n) {
      std::string form = forms[random() % std::size(forms)];
      auto at = form.find('%');
      if (at != std::string::npos) form.replace(at, 1, "u" + std::to_string(random() % 40) + ".html");
      page += form;
    }
    pages.push_back(std::move(page));
  }
  return datasets::TextInput::in_memory(std::move(pages), UINT64_MAX, datasets::cut_after_newline);
}

}  // namespace pgasmr::apps::test
