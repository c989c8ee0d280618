import axios from "axios";

const API = `${process.env.GITLAB_URL}/api/v4`;

interface Runner {
  id: number;
  description: string;
  paused: boolean;
}

export async function activeRunners(): Promise<Runner[]> {
  const { data } = await axios.get(`${API}/runners`, { params: { scope: "active" } });
  return data;
}

export async function pausedRunners(): Promise<Runner[]> {
  const { data } = await axios.get(`${API}/runners`, { params: { paused: true } });
  return data;
}
