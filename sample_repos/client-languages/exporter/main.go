package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"

	gitlab "gitlab.com/gitlab-org/api/client-go"
)

var api = os.Getenv("GITLAB_URL") + "/api/v4"

type runnerInfo struct {
	ID     int    `json:"id"`
	Paused bool   `json:"paused"`
	Status string `json:"status"`
}

func activeRunners() (*http.Response, error) {
	return http.Get(api + "/runners/all?scope=active")
}

func geoNodes() (*http.Response, error) {
	return http.Get(fmt.Sprintf("%s/geo_nodes", api))
}

func merger(client *gitlab.Client, project, iid int) string {
	mr, _, err := client.MergeRequests.GetMergeRequest(project, iid, nil)
	if err != nil || mr.MergedBy == nil {
		return ""
	}
	return mr.MergedBy.Username
}

func paused(body []byte) bool {
	var runner runnerInfo
	_ = json.Unmarshal(body, &runner)
	return runner.Paused
}
