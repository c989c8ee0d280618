const API = `${process.env.GITLAB_URL}/api/v4`;

export async function changedFiles(project: number, iid: number): Promise<string[]> {
  const response = await fetch(`${API}/projects/${project}/merge_requests/${iid}/changes`);
  const mr = await response.json();
  return mr.changes.map((change: { new_path: string }) => change.new_path);
}

export async function author(project: number, iid: number): Promise<string> {
  const response = await fetch(`${API}/projects/${project}/merge_requests/${iid}`);
  const mr = await response.json();
  return mr.merged_by ? mr.merged_by.username : "";
}

export async function diffs(project: number, iid: number) {
  return (await fetch(`${API}/projects/${project}/merge_requests/${iid}/diffs`)).json();
}
