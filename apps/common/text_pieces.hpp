#pragma once
/// @file
/// How the text apps (word count, spamcount, stringmatch) list their input and cut it into
/// pieces (the map's input elements) that can be read independently.

#include <cstddef>
#include <cstdint>
#include <string>

#include <pgasmr/datasets/text_input.hpp>

#include "common/options.hpp"
#include "common/words.hpp"

namespace pgasmr::apps {

/// A cut falls only before a byte that cannot continue a word: no word is split, and every word
/// lies in exactly one piece (a cut moves forward past a long word).
inline bool cut_between_words(char /*before*/, char after) noexcept { return !is_word_byte(after); }

/// The size of word count's pieces for `bytes` of text and `threads` workers: enough pieces for
/// the DYNAMIC distribution and the Phoenix-like task queue to balance (8 per worker), at most
/// 1 MiB each, so that the per-piece overhead does not show and a thread's buffers stay small.
std::uint64_t piece_bytes_for(std::uint64_t bytes, std::size_t threads);

/// `text` held in memory, cut for `threads` workers as word count cuts its files (tests, and
/// callers with their text in memory).
datasets::TextInput text_in_memory(std::string text, std::size_t threads);

/// Lists the input files of the command line (files and directories, --skip-unreadable, "-")
/// and cuts them into pieces for `total_threads` threads. Throws datasets::input_error naming a
/// missing, unreadable or special file.
datasets::TextInput load_text(const AppOptions& options, std::size_t total_threads);

}  // namespace pgasmr::apps
