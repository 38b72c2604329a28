"""``python -m plateau_lab.classroom --port 8867 --database classroom/shared_tables.sqlite``: the
shared tables' service (see :mod:`plateau_lab.classroom.service`)."""

from .service import main

if __name__ == "__main__":
    main()
