"""Points the camera gimbal; the gimbal SDK has its own angles, not telemetry."""

import time

from gimbal_sdk import Gimbal, Event


def point_at(gimbal: Gimbal, heading: float) -> None:
    gimbal.set_angles(yaw=heading + 360.0, pitch=-180.0, roll=190.0)
    gimbal.emit(Event(timestamp=int(time.time()), yaw=400.0))
