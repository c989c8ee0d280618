#!/bin/sh
# Weekly merge request report for the platform group, posted to the team channel.
set -eu

GITLAB="${GITLAB_URL:-https://gitlab.example.com}"
GROUP_ID="${GROUP_ID:-42}"

# Merged merge requests of the last week, with who merged them.
http --ignore-stdin GET "$GITLAB/api/v4/groups/$GROUP_ID/merge_requests" \
    state==merged updated_after=="$(date -d '7 days ago' +%F)" "PRIVATE-TOKEN:$REPORT_TOKEN" \
  | jq -r '.[] | "\(.reference) \(.title) merged by \(.merge_user.username)"'

# Open merge requests with conflicts.
wget -qO- --header="PRIVATE-TOKEN: $REPORT_TOKEN" "$GITLAB/api/v4/groups/$GROUP_ID/merge_requests?state=opened" \
  | jq -r '.[] | select(.has_conflicts == true) | .web_url'

# Geo health for the footer.
wget -qO- --header="PRIVATE-TOKEN: $REPORT_TOKEN" "$GITLAB/api/v4/geo_sites/status" | jq -r '.[] | .health'

# Instance settings the report mentions.
http --ignore-stdin GET "$GITLAB/api/v4/application/settings" "PRIVATE-TOKEN:$REPORT_TOKEN" \
  | jq -r '"default branch protection: \(.default_branch_protection)"'

# The report project asks for a password before approving.
http --ignore-stdin --form POST "$GITLAB/api/v4/projects/$REPORT_PROJECT_ID/approvals" \
    "PRIVATE-TOKEN:$REPORT_TOKEN" require_reauthentication_to_approve=true
