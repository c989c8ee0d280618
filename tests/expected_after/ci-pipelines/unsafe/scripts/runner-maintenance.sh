#!/usr/bin/env bash
# Nightly runner housekeeping: count paused runners, pause the ones tagged for retirement,
# and print which agent versions are still around.
set -euo pipefail

API="${CI_API_V4_URL:-https://gitlab.example.com/api/v4}"
AUTH_HEADER="PRIVATE-TOKEN: ${RUNNER_ADMIN_TOKEN:?set RUNNER_ADMIN_TOKEN}"

log() { printf '%s %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

active_runners() {
  curl -sS --header "$AUTH_HEADER" "$API/runners/all?per_page=100" \
    | jq -r '.[] | select(.paused | not) | .id'
}

retire() {
  local id="$1"
  log "pausing runner $id"
  curl -sS --request PUT --header "$AUTH_HEADER" "$API/runners/$id" \
    --data "paused=true&description=retired"
}

paused_count=$(curl -sS --header "$AUTH_HEADER" "$API/runners/all?paused=true" | jq length)
log "paused runners: $paused_count"

for id in $(curl -sS --header "$AUTH_HEADER" "$API/runners?tag_list=retire" | jq -r '.[].id'); do
  retire "$id"
done

# Agent versions come from the runner managers, which keep them.
for id in $(active_runners); do
  curl -sS --header "$AUTH_HEADER" "$API/runners/$id/managers" \
    | jq -r '.[] | "\(.system_id) \(.version) \(.ip_address)"'
done

# Old summary, still read by the dashboard.
curl -sS --header "$AUTH_HEADER" "$API/runners/all" \
  | jq -r '.[] | select(.paused == true) | "\(.id) \(.version)"'
glab api "runners/all" -X GET -f paused=false --paginate | jq -r '.[].id'
