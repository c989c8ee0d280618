require "gitlab"
require "json"
require "net/http"

API = "#{ENV.fetch('GITLAB_URL')}/api/v4"

def changed_paths(project, iid)
  Gitlab.merge_request_changes(project, iid).changes.map { |change| change["new_path"] }
end

def mergeable?(project, iid)
  body = Net::HTTP.get(URI("#{API}/projects/#{project}/merge_requests/#{iid}"))
  mr = JSON.parse(body)
  mr["merge_status"] == "can_be_merged"
end

def detailed(project, iid)
  mr = JSON.parse(Net::HTTP.get(URI("#{API}/projects/#{project}/merge_requests/#{iid}")))
  mr["detailed_merge_status"]
end
