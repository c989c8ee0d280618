// The dashboard's webhook receiver: merge request events, not the REST API.
export function onMergeRequest(event) {
  const attributes = event.object_attributes;
  if (attributes.merge_status === "can_be_merged") {
    return `ready: ${attributes.title}`;
  }
  return "";
}
