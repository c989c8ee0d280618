data "http" "active_runners" {
  url = "${var.gitlab_url}/api/v4/runners/all?scope=active"

  request_headers = {
    PRIVATE-TOKEN = var.gitlab_token
  }
}

data "http" "geo_sites" {
  url = "${var.gitlab_url}/api/v4/geo_sites"
}
