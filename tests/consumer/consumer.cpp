// A user's first program against the installed package: a word count of a small file with the
// MapReduce engine and an allreduce with the collectives, both checked. Exits 1 on a mismatch.

#include <unistd.h>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <map>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <pgasmr/collectives.hpp>
#include <pgasmr/datasets.hpp>
#include <pgasmr/mapreduce.hpp>
#include <pgasmr/pgas.hpp>

namespace pg = pgasmr::pgas;
namespace coll = pgasmr::coll;
namespace mr = pgasmr::mr;
namespace ds = pgasmr::datasets;

namespace {

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start < text.size();) {
    auto end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    pg::Runtime runtime(argc, argv);  // --threads N; under mpirun, every process
    auto input = std::filesystem::temp_directory_path() / ("pgasmr-consumer-" + std::to_string(::getpid()) + ".txt");
    {
      ds::AtomicOutputFile out(input);
      out.write(std::string_view("the cat and the hat\na cat\nthe end\n"));
      out.commit();
    }
    ds::MappedFile file(input);
    auto lines = lines_of(file.text());
    runtime.run([&](pg::Context& me) {
      mr::HashContainer<std::string_view, std::uint64_t, mr::sum> counts;
      mr::apply_map(me, lines, [](std::string_view line, auto& out) {
        for (std::size_t at = 0, start = 0; at <= line.size(); ++at) {
          if (at < line.size() && std::isalpha(static_cast<unsigned char>(line[at]))) continue;
          if (at > start) out.emit(line.substr(start, at - start), std::uint64_t{1});
          start = at + 1;
        }
      }, counts, mr::cyclic());
      auto result = mr::apply_reduce(me, counts, mr::all);
      std::map<std::string, std::uint64_t> got;
      for (const auto& [word, count] : result) got[std::string(word)] = count;
      const std::map<std::string, std::uint64_t> expected{{"a", 1}, {"and", 1}, {"cat", 2}, {"end", 1}, {"hat", 1}, {"the", 3}};
      if (got != expected) throw std::runtime_error("word count: wrong counts on thread " + std::to_string(me.thread()));

      std::vector<long> mine{long(me.thread()) + 1}, sum(1);
      coll::allreduce(me, std::span(sum), std::span<const long>(mine), coll::op::add{});
      long threads = me.threads();
      if (sum[0] != threads * (threads + 1) / 2) throw std::runtime_error("allreduce: wrong sum");
      if (me.thread() == 0) std::printf("pgasmr consumer: word count and allreduce agree on %ld threads\n", threads);
    });
    std::filesystem::remove(input);
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pgasmr consumer: %s\n", e.what());
    return 1;
  }
}
