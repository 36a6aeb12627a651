"""The bench's world on the deployment of docs/scaling.md (tools/scaleout): Postgres, pgbouncer in
transaction mode, Redis and app servers A and B, their requests timed (SERVER_TIMING). Beside them the
floor is served by two servers of its own, reaching the same Postgres through the same pgbouncer as
the app's pools do. The servers of a side are taken in turn, and pgbouncer and redis-server count
among the processes of either side."""

from __future__ import annotations

import subprocess

import psutil

from tools.chaos.world import spawn, tree
from tools.scaleout.deployment import AppServer, Deployment

from .world import FLOOR, Server, Side, make_floor


class Timed(Deployment):
    """The deployment, each answer of its app servers saying what the request cost."""

    def env(self) -> dict[str, str]:
        return super().env() | {"SERVER_TIMING": "1"}


class DeployedServer:
    """One of the deployment's app servers, started with as many processes as the bench asks."""

    def __init__(self, deployment: Deployment, server: AppServer) -> None:
        self.deployment, self.server = deployment, server

    @property
    def port(self) -> int:
        return self.server.port

    def launch(self, workers: int) -> None:
        self.server.workers = workers
        self.server.launch(self.deployment.env())

    def wait_ready(self) -> None:
        self.server.ready()

    def stop(self) -> None:
        self.server.stop()

    def processes(self) -> list[psutil.Process]:
        return self.server.processes()


class DeployedWorld:
    """The app's side: app servers A and B; the floor's: floor servers A and B. Both count pgbouncer
    and redis-server as theirs."""

    def __init__(self) -> None:
        self.deployment = Timed(workers=1)
        self.dir = self.deployment.dir
        self.app = Side([DeployedServer(self.deployment, s) for s in self.deployment.servers], self.shared)
        self.floors = [Server(f"floor {n}", FLOOR, {}, "/", self.dir / f"floor-{n}.log") for n in "AB"]
        self.floor = Side(self.floors, self.shared)

    def open(self, floor_rows: int) -> None:
        """Set up the deployment but its app servers, and the floor's tables with ``floor_rows`` rows."""
        self.deployment.set_up()
        make_floor(self.deployment.database_url, floor_rows)
        env = {k: v for k, v in self.deployment.env().items() if k != "DJANGO_SETTINGS_MODULE"}
        for server in self.floors:
            server.env = env  # the floor's own settings, with the app's database settings: pgbouncer

    def shared(self) -> list[psutil.Process]:
        """Processes every request goes through besides its server's: pgbouncer and redis-server."""
        services = (self.deployment.pgbouncer, self.deployment.redis)
        return [p for service in services if service is not None for p in tree(service.pid)]

    def postgres(self) -> list[psutil.Process]:
        return tree(self.deployment.postmaster())

    def python(self, *args: str) -> subprocess.Popen[bytes]:
        """Python with the app servers' environment, its output kept for ``finish``."""
        helper = spawn(list(args), self.deployment.env())
        self.deployment.helpers.append(helper)
        return helper

    def close(self) -> None:
        """Stop the floor's servers, then the deployment, and remove the directory."""
        self.floor.stop()
        self.deployment.close()
