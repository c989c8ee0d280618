"""Firmware 3 publisher: milliseconds everywhere, as the spec requires."""

from __future__ import annotations

import time
from datetime import datetime, timezone

from telemetry.telemetry_pb2 import Attitude, Barometer, Position, Speed

HOME = Position(
    timestamp=1718186400000,
    latitude=52.5200066,
    longitude=13.4049541,
    altitude_agl=0.0,
    altitude_msl=34.5,
    horizontal_accuracy=0.5,
)


def now_ms() -> int:
    return time.time_ns() // 1_000_000


def position_message(fix) -> Position:
    return Position(
        timestamp=time.time_ns() // 1_000_000,
        latitude=round(fix.lat, 7),
        longitude=round(fix.lon, 7),
        altitude_agl=fix.alt_agl,
        altitude_msl=fix.alt_msl,
        horizontal_accuracy=fix.hdop,
    )


def attitude_message(imu) -> Attitude:
    return Attitude(timestamp=int(time.time() * 1000), yaw=imu.heading % 360, pitch=imu.pitch, roll=imu.roll)


def speed_message(ned) -> Speed:
    return Speed(timestamp=now_ms(), velocity_x=ned.x, velocity_y=ned.y, velocity_z=ned.z)


def barometer_message(sensor) -> Barometer:
    stamp = datetime.now(timezone.utc).timestamp()
    return Barometer(timestamp=round(stamp * 1e3), pressure=sensor.hpa)


def level_attitude() -> Attitude:
    return Attitude(timestamp=now_ms(), yaw=0.0, pitch=180.0, roll=-179.9)
