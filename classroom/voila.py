"""Voilà settings for a class: one server, 20-40 learners, the notebooks of ``notebooks/``.

``make classroom`` runs ``voila --Voila.config_file_paths=classroom notebooks/`` so that Voilà reads
this file. Each setting says why it is there. Two environment variables adjust it without editing:
``CLASSROOM_PORT`` (default 8866) and ``CLASSROOM_POOL`` (preheated kernels per notebook, default 2).
"""

import os
import socket

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import HTTPError

c = get_config()  # noqa: F821 (Voilà runs this file with get_config defined)

PORT = int(os.environ.get("CLASSROOM_PORT", "8866"))
POOL = int(os.environ.get("CLASSROOM_POOL", "2"))
# Most kernels alive at once, pools included. A kernel of these notebooks holds 60-170 MB (90 MB on
# average with 30 learners, benchmarks/bench_classroom.py), so 64 kernels stay within about 6 GB.
MAX_KERNELS = int(os.environ.get("CLASSROOM_MAX_KERNELS", "64"))


def address_for_learners() -> str:
    """This machine's address on the network learners share (the interface of the default route).
    Connecting a UDP socket sends nothing; it only asks the system which interface it would use."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
        except OSError:   # no network: the machine's own name is the best we have
            return socket.gethostname()


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Refuses a kernel beyond MAX_KERNELS, so a class can never exhaust the server's memory:
    the learner who would be one too many sees "503: the classroom server is full"."""

    async def start_kernel(self, *args, **kwargs):
        if len(self) >= MAX_KERNELS:
            raise HTTPError(503, f"the classroom server is full ({MAX_KERNELS} notebooks open); "
                                 "close a notebook tab or try again in a few minutes")
        return await super().start_kernel(*args, **kwargs)


# --- where learners connect ----------------------------------------------------------------
# Listen on every interface, so learners' machines on the same network can connect.
c.Voila.ip = "0.0.0.0"
# A fixed port, so the address on the board stays valid for the whole class.
c.Voila.port = PORT
# Fail instead of silently moving to another port (the printed address would be wrong).
c.Voila.port_retries = 0
# Voilà prints "Voilà is running at: <this address>" at start: the one to give learners.
c.Voila.custom_display_url = f"http://{address_for_learners()}:{PORT}/"
# Never open a browser on the teacher's server.
c.Voila.open_browser = False
# Learners see a friendly error page, not a Python traceback, if a cell ever fails.
c.VoilaConfiguration.show_tracebacks = False

# --- kernels shut down when a learner leaves ---------------------------------------------------
# When a page closes, Voilà 0.5's page posts its shutdown request with the `_xsrf` cookie's value,
# but Voilà's notebook page never sets that cookie (only its folder page does), so the request is
# refused ("403 '_xsrf' argument missing from POST") and the kernel lives on. The server has no
# login (anyone who reaches it may open a notebook), so the XSRF check protects nothing here:
# turn it off and the shutdown request goes through.
c.Voila.tornado_settings = {"disable_check_xsrf": True}

# --- kernels culled when idle ----------------------------------------------------------------
# Shut down a kernel after 10 minutes without activity once no page is connected to it
# (a closed laptop, a crashed browser: the page could not say goodbye).
c.MappingKernelManager.cull_idle_timeout = 600
# Look for such kernels every minute.
c.MappingKernelManager.cull_interval = 60
# A learner who keeps a page open but reads for a long time keeps their game.
c.MappingKernelManager.cull_connected = False
# Never kill a kernel in the middle of a computation (a design-lab simulation).
c.MappingKernelManager.cull_busy = False
# Do not keep the messages of a disconnected page in the server's memory.
c.MappingKernelManager.buffer_offline_messages = False

# --- a pool of preheated kernels per notebook --------------------------------------------------
# Start kernels in advance and run each notebook in them, so that a page opens with all its
# cells already run instead of starting a kernel and running the notebook for 5-16 s.
c.VoilaConfiguration.preheat_kernel = True
# How many preheated kernels wait for each notebook (refilled after each use).
c.VoilaConfiguration.default_pool_size = POOL
# Refill a pool one second after a kernel was taken from it.
c.VoilaKernelManager.fill_delay = 1
# Count every kernel, refuse beyond MAX_KERNELS (see ClassroomKernelManager above).
c.VoilaConfiguration.multi_kernel_manager_class = ClassroomKernelManager
