"""One-statement lookups on the counter's hot path, run on the driver directly.

A tag, license, phone or microchip lookup costs SQLite a few microseconds; a session, a
transaction and SQLAlchemy's per-call work cost a hundred times that. On SQLite a
``PreparedRead`` compiles its SELECT once (with SQLAlchemy, so the SQL is the same as the
ORM path's) and runs it on a pooled DBAPI connection: one statement is atomic on its own, so
no explicit transaction is needed. On PostgreSQL it runs the statement in autocommit, which
spares the BEGIN and COMMIT round trips. Values go through the same bind and result
processors SQLAlchemy would apply (enums, dates on SQLite).

The compiled-statement attributes used here (``_bind_processors``, ``_result_columns``)
are SQLAlchemy internals; tests run every prepared read against the ORM path on both
backends so a change in them is caught at once.
"""

from __future__ import annotations

from collections import namedtuple
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Select
from sqlalchemy.engine import Dialect
from sqlalchemy.exc import DBAPIError

from clerkdesk.db.database import Database, translate_error

Processor = Callable[[Any], Any] | None


@dataclass(frozen=True)
class _Compiled:
    sql: str
    # The driver's positional arguments with the statement's own values already in place,
    # and (position, name, bind processor) for each value the caller gives.
    template: tuple[Any, ...]
    slots: tuple[tuple[int, str, Callable[[Any], Any] | None], ...]
    row: Any
    # (column index, result processor) for the columns that have one.
    processed: tuple[tuple[int, Callable[[Any], Any]], ...]


class PreparedRead:
    def __init__(self, statement: Select[Any]) -> None:
        if any(bind.expanding for bind in statement.compile().binds.values()):
            raise TypeError("a prepared read cannot hold an expanding IN parameter")
        self.statement = statement
        self._by_dialect: dict[str, _Compiled] = {}

    def _compile(self, dialect: Dialect, params: Mapping[str, Any]) -> _Compiled:
        found = self._by_dialect.get(dialect.name)
        if found is not None:
            return found
        compiled = self.statement.compile(dialect=dialect)
        # Literal-execute values (an aggregate's separator) are written into the SQL here;
        # with no expanding parameter, the SQL is the same whatever the values.
        values = compiled.construct_params(dict(params), _check=False)
        expanded = compiled._process_parameters_for_postcompile(values, _populate_self=False)
        columns = compiled._result_columns
        results = tuple(entry[3]._cached_result_processor(dialect, None) for entry in columns)
        row = namedtuple("Row", [entry[0] for entry in columns], rename=True)  # type: ignore[misc]
        if not compiled.positional:
            raise TypeError(f"prepared reads need a positional paramstyle, not {dialect.name}'s")
        binds = {name: p for name, p in compiled._bind_processors.items() if callable(p)}
        names = tuple(expanded.positiontup or ())
        template = []
        for name in names:
            value = None if name in params else expanded.parameters.get(name)
            process = binds.get(name)
            template.append(process(value) if process and value is not None else value)
        made = _Compiled(
            sql=expanded.statement,
            template=tuple(template),
            slots=tuple((i, n, binds.get(n)) for i, n in enumerate(names) if n in params),
            row=row,
            processed=tuple((i, p) for i, p in enumerate(results) if p is not None),
        )
        self._by_dialect[dialect.name] = made
        return made

    def rows(self, database: Database, params: Mapping[str, Any]) -> list[Any]:
        """Every call gives the same parameter names as the first."""
        if not database.is_sqlite:
            # A server is a round trip away: what counts there is one statement without a
            # BEGIN and COMMIT around it, which autocommit gives through SQLAlchemy itself.
            with database.connect() as conn:
                auto = conn.execution_options(isolation_level="AUTOCOMMIT")
                return list(auto.execute(self.statement, dict(params)).all())
        compiled = self._compile(database.engine.dialect, params)
        arguments = list(compiled.template)
        for index, name, process in compiled.slots:
            value = params[name]
            arguments[index] = process(value) if process is not None else value
        driver_error = database.engine.dialect.loaded_dbapi.Error
        try:
            fetched = database.driver_connection().execute(compiled.sql, arguments).fetchall()
        except driver_error as exc:
            database.drop_driver_connection()
            wrapped = DBAPIError.instance(compiled.sql, arguments, exc, driver_error)
            if isinstance(wrapped, DBAPIError):
                raise translate_error(wrapped, database.url) from exc
            raise
        make = compiled.row
        if not compiled.processed:
            return [make(*raw) for raw in fetched]
        out = []
        for raw in fetched:
            values_ = list(raw)
            for index, process in compiled.processed:
                values_[index] = process(values_[index])
            out.append(make(*values_))
        return out
