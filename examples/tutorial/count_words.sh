#!/bin/sh
# Counts the words of its argument. Its first attempt fails, as a call to a flaky service would;
# ORCH_ATTEMPT (1, 2, ...) tells a task which attempt it is, and `retries: 1` gives it a second one.
set -eu
if [ "$ORCH_ATTEMPT" = 1 ]; then
  echo "attempt 1: the word service answered 503; failing so that orch retries" >&2
  exit 1
fi
words=$(printf '%s\n' "$1" | wc -w | tr -d ' ')
echo "attempt $ORCH_ATTEMPT: $words words"
printf '{"words": %s}\n' "$words" > "$ORCH_OUTPUTS_FILE"
