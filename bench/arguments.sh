# Sourced by the bench scripts: the checks of their command lines, the same in all of them.
# Everything a run writes at its end (reports, plots, raw results) is checked before the run, so
# that a bad path fails at once rather than after many minutes of measuring. Messages start with
# the script's name; a bad command line exits 2, a missing tool 1.

bench_script=$(basename -- "$0")

# needs_value OPTION ARGS...: called with "$@" at OPTION; exits 2 unless a value follows it (a
# next argument that is neither empty nor itself an option).
needs_value() {
  if (($# < 2)) || [[ -z $2 || $2 == --* ]]; then
    echo "$bench_script: $1 needs a value (see --help)" >&2
    exit 2
  fi
}

# writable_directory WHAT DIR: creates DIR (and its parents) now and checks that a file can be
# written in it; exits 2 otherwise. WHAT names DIR in the message (an option, or DIR).
writable_directory() {
  local probe
  if ! mkdir -p -- "$2" 2>/dev/null || ! probe=$(mktemp -p "$2" .write-test.XXXXXX 2>/dev/null); then
    echo "$bench_script: $1 '$2': cannot create this directory or write in it (see --help)" >&2
    exit 2
  fi
  rm -f -- "$probe"
}

# writable_file WHAT FILE: checks that FILE can be written later (its directory exists and takes
# a new file; FILE is no directory and, if it exists, writable) without creating it; exits 2
# otherwise.
writable_file() {
  local probe
  if [[ -d $2 || (-e $2 && ! -w $2) ]] ||
      ! probe=$(mktemp -p "$(dirname -- "$2")" .write-test.XXXXXX 2>/dev/null); then
    echo "$bench_script: $1 '$2': cannot write this file (see --help)" >&2
    exit 2
  fi
  rm -f -- "$probe"
}

# needs_gnuplot: the plots need gnuplot; exits 1 when it is missing.
needs_gnuplot() {
  if ! command -v gnuplot >/dev/null; then
    echo "$bench_script: gnuplot is missing (apt-get install gnuplot-nox)" >&2
    exit 1
  fi
}
