<?php

// The deploy bot's merge gate: merges a merge request once GitLab says it can, and pauses the
// deploy runners during a release freeze (php-gitlab-api for merge requests, Guzzle and curl for
// runners).

use Gitlab\Client;
use GuzzleHttp\Client as Http;

final class MergeGate
{
    public function __construct(private Client $gitlab, private Http $http, private string $api)
    {
    }

    public function ready(int $project, int $iid): bool
    {
        $mr = $this->gitlab->mergeRequests()->show($project, $iid);

        return $mr['merge_status'] === 'can_be_merged' && $mr['detailed_merge_status'] !== 'draft_status';
    }

    public function changedFiles(int $project, int $iid): array
    {
        $changes = $this->gitlab->mergeRequests()->changes($project, $iid);

        return array_column($changes['changes'], 'new_path');
    }

    public function freeze(): void
    {
        $runners = json_decode($this->http->get("{$this->api}/runners", ['query' => ['scope' => 'active']])->getBody(), true);
        foreach ($runners as $runner) {
            $ch = curl_init("{$this->api}/runners/{$runner['id']}");
            curl_setopt($ch, CURLOPT_CUSTOMREQUEST, 'PUT');
            curl_setopt($ch, CURLOPT_POSTFIELDS, json_encode(['paused' => true]));
            curl_exec($ch);
        }
    }

    public function onWebhook(array $event): void
    {
        if ($event['object_kind'] === 'merge_request' && $event['object_attributes']['merge_status'] === 'can_be_merged') {
            $this->ready($event['project']['id'], $event['object_attributes']['iid']);
        }
    }
}
