#!/usr/bin/env bash
# pgasmr-datagen stopped by SIGINT (Ctrl-C) or SIGTERM while it writes a folder of pages: no
# temporary folder may stay behind, no output may appear, and it must end by that signal.
#   datagen_interrupted.sh PGASMR_DATAGEN WORK_DIR
set -u
datagen=$1 work=$2
rm -rf "$work" && mkdir -p "$work" || exit 1
failed=0
for signal in INT TERM; do
  # A background job of a script starts with SIGINT ignored; env gives it back its default, as
  # a foreground program in a terminal has. 200000 pages take seconds: it is stopped early on.
  env --default-signal=INT "$datagen" html --files 200000 --bytes 20000000 --links 10 --quiet --output "$work/site" &
  pid=$!
  for ((i = 0; i < 500; ++i)); do  # until it writes pages (at most 10 s)
    compgen -G "$work/site.tmp-*/d*/*" >/dev/null && break
    sleep 0.02
  done
  kill -s "$signal" "$pid"
  wait "$pid"
  status=$?
  expected=$((128 + $(kill -l "$signal")))
  left=$(ls -A "$work")
  if [[ $status -ne $expected || -n $left ]]; then
    echo "SIG$signal: exit status $status (expected $expected), left behind: ${left:-nothing}" >&2
    failed=1
  else
    echo "SIG$signal: ended by the signal, nothing left behind"
  fi
  rm -rf "${work:?}"/*
done
rm -rf "$work"
exit "$failed"
