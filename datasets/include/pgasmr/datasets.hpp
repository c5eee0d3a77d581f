#pragma once
/// @file
/// Everything of the datasets component: loaders (mapped files, BMP) and generators.

#include <pgasmr/datasets/bmp.hpp>
#include <pgasmr/datasets/byte_size.hpp>
#include <pgasmr/datasets/corpus.hpp>
#include <pgasmr/datasets/error.hpp>
#include <pgasmr/datasets/html_pages.hpp>
#include <pgasmr/datasets/image.hpp>
#include <pgasmr/datasets/input_files.hpp>
#include <pgasmr/datasets/integer_table.hpp>
#include <pgasmr/datasets/keyword_list.hpp>
#include <pgasmr/datasets/mailbox.hpp>
#include <pgasmr/datasets/keys.hpp>
#include <pgasmr/datasets/mapped_file.hpp>
#include <pgasmr/datasets/matrix.hpp>
#include <pgasmr/datasets/output_file.hpp>
#include <pgasmr/datasets/pairs.hpp>
#include <pgasmr/datasets/points.hpp>
#include <pgasmr/datasets/progress.hpp>
#include <pgasmr/datasets/temporary_outputs.hpp>
#include <pgasmr/datasets/text_input.hpp>
