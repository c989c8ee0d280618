using System.Net.Http;
using System.Net.Http.Json;
using System.Text.Json;
using NGitLab;
using NGitLab.Models;

// The release-notes tool: lists what was merged since the last tag, and which runners built it.
public class ReleaseNotes
{
    const string Api = "https://gitlab.example.com/api/v4";
    readonly HttpClient http = new HttpClient();

    public async Task<string> Changes(long projectId, long iid)
    {
        var mr = await http.GetFromJsonAsync<JsonElement>($"{Api}/projects/{projectId}/merge_requests/{iid}/changes");
        return mr.GetProperty("merged_by").GetProperty("username").GetString();
    }

    public IEnumerable<string> Builders(IGitLabClient client)
    {
        foreach (var runner in client.Runners.All)
        {
            if (!runner.Active) continue;
            yield return runner.Description;
        }
    }

    public async Task<string> Diffs(long projectId, long iid)
    {
        return await http.GetStringAsync($"{Api}/projects/{projectId}/merge_requests/{iid}/diffs");
    }

    public bool Ready(JsonElement mr) => mr.GetProperty("detailed_merge_status").GetString() == "mergeable";
}
