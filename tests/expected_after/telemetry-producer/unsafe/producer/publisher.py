"""Publishes the flight computer's sensor readings as telemetry messages (firmware 2.3)."""

from __future__ import annotations

import logging
import time

from telemetry import telemetry_pb2 as pb

log = logging.getLogger(__name__)

# Sent once at start-up so the ground station can check its attitude display.
CALIBRATION = pb.Attitude(timestamp=1718186400000, yaw=360.0, pitch=0.0, roll=0.0)


def position_message(fix) -> pb.Position:
    return pb.Position(
        timestamp=int(time.time()),
        latitude=round(fix.lat, 7),
        longitude=round(fix.lon, 7),
        altitude_agl=fix.alt_agl,
        altitude_msl=fix.alt_msl,
        horizontal_accuracy=fix.hdop,
    )


def attitude_message(imu) -> pb.Attitude:
    msg = pb.Attitude(timestamp=0, yaw=0.0, pitch=0.0, roll=0.0)
    msg.timestamp = time.time()
    msg.yaw = imu.heading % 360
    msg.pitch = imu.pitch
    msg.roll = imu.roll
    return msg


def publish(bus, reading) -> None:
    payload = reading.SerializeToString()
    bus.send(payload)
    log.info("published", extra={"timestamp": int(time.time()), "bytes": len(payload)})
