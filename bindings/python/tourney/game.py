"""A game's rules from Python, through the game plugin itself (ctypes).

    from tourney import Game

    game = Game("connect4", columns=7, rows=6)
    state = game.initial_state()
    while state.status() == Status.ONGOING:
        state.apply(state.legal_moves()[0])
    print(state.format(), state.status())

The plugin is the same shared object `tourney run` loads (include/tourney/game.h): every
rule, evaluation and piece of search knowledge is the game's own C code, so a Python search
written on it plays exactly the game the runner referees. Standard library only.
"""

from __future__ import annotations

import ctypes
import enum
import os
from typing import Iterable, List, Mapping, Optional, Sequence, Union

__all__ = ["Game", "State", "Status", "GameError", "plugin_path", "find_game_plugin"]

# What this binding reads: ABI 1.x (include/tourney/abi.h).
ABI_MAJOR = 1
KIND_GAME = 1
OK = 0
ERR_INVALID = -1

PARAM_INT = 1
PARAM_BOOL = 2
PARAM_CHOICE = 3

SEARCH_EXTENSION = b"tourney.game.search/1"

# The first and last bytes of each descriptor field, as game.h lays them out (LP64).
_API_SIZE_1_0 = 152
_API_SIZE_1_1 = 176
_ERROR_SIZE = 512
_MOVE_TEXT_SIZE = 64


class GameError(Exception):
    """A game plugin that cannot be found, loaded or created, or text it cannot read."""


class Status(enum.IntEnum):
    """What `State.status` says (enum tourney_status)."""

    ONGOING = 0
    DRAW = 1
    WIN_FIRST = 2
    WIN_SECOND = 3


_STATUSES = tuple(Status)

ParamValue = Union[int, bool, str]

# ---- the C structs -------------------------------------------------------------------


class _Header(ctypes.Structure):
    _fields_ = [
        ("abi_major", ctypes.c_uint32),
        ("abi_minor", ctypes.c_uint32),
        ("struct_size", ctypes.c_uint32),
        ("kind", ctypes.c_uint32),
    ]


class _GameApi(ctypes.Structure):
    """struct tourney_game_api; the functions as addresses, typed when they are used."""

    _fields_ = [
        ("header", _Header),
        ("name", ctypes.c_char_p),
        ("description", ctypes.c_char_p),
        ("legacy_params", ctypes.c_void_p),
        ("param_count", ctypes.c_uint64),
        ("create", ctypes.c_void_p),
        ("destroy", ctypes.c_void_p),
        ("initial_state", ctypes.c_void_p),
        ("to_move", ctypes.c_void_p),
        ("legal_moves", ctypes.c_void_p),
        ("apply", ctypes.c_void_p),
        ("undo", ctypes.c_void_p),
        ("status", ctypes.c_void_p),
        ("evaluate", ctypes.c_void_p),
        ("hash", ctypes.c_void_p),
        ("format_move", ctypes.c_void_p),
        ("format_state", ctypes.c_void_p),
        ("parse_state", ctypes.c_void_p),
        # ABI 1.1
        ("order_moves", ctypes.c_void_p),
        ("winning_move", ctypes.c_void_p),
        ("safe_moves", ctypes.c_void_p),
        # ABI 1.2
        ("get_param_info", ctypes.c_void_p),
        ("get_extension", ctypes.c_void_p),
        ("id", ctypes.c_char_p),
        ("version", ctypes.c_char_p),
    ]


class _ParamInfo(ctypes.Structure):
    """struct tourney_param_info (ABI 1.2)."""

    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("type", ctypes.c_uint32),
        ("name", ctypes.c_char_p),
        ("default_value", ctypes.c_char_p),
        ("min", ctypes.c_int64),
        ("max", ctypes.c_int64),
        ("choices", ctypes.POINTER(ctypes.c_char_p)),
        ("help", ctypes.c_char_p),
    ]


class _ParamDesc11(ctypes.Structure):
    """One entry of the parameter array of ABI 1.0 and 1.1 (legacy_params)."""

    _fields_ = [
        ("name", ctypes.c_char_p),
        ("type", ctypes.c_uint32),
        ("default_value", ctypes.c_char_p),
        ("min", ctypes.c_int64),
        ("max", ctypes.c_int64),
        ("choices", ctypes.POINTER(ctypes.c_char_p)),
        ("help", ctypes.c_char_p),
    ]


class _GameInfo(ctypes.Structure):
    _fields_ = [
        ("state_size", ctypes.c_uint64),
        ("move_limit", ctypes.c_int32),
        ("max_plies", ctypes.c_int32),
    ]


class _SearchExtension(ctypes.Structure):
    _fields_ = [
        ("struct_size", ctypes.c_uint32),
        ("order_moves", ctypes.c_void_p),
        ("winning_move", ctypes.c_void_p),
        ("safe_moves", ctypes.c_void_p),
    ]


# The functions' types. The state functions, called for every position a search visits,
# are PYFUNCTYPE, which keeps the interpreter's lock during the call (the game's functions
# are short and pure: releasing the lock would cost more than them), and declare no
# argument types: their arguments are ctypes objects (the instance, the state's buffer,
# move arrays), passed as pointers, and moves, passed as C ints (int32_t), which saves
# converting each argument on every call.
_P = ctypes.c_void_p
_I32 = ctypes.c_int32
_ENTRY = ctypes.CFUNCTYPE(ctypes.POINTER(_GameApi))
_CREATE = ctypes.CFUNCTYPE(
    _I32, ctypes.POINTER(ctypes.c_int64), ctypes.POINTER(_P), ctypes.POINTER(_GameInfo),
    ctypes.c_char_p, ctypes.c_uint64)
_DESTROY = ctypes.CFUNCTYPE(None, _P)
_STATE_VOID = ctypes.PYFUNCTYPE(None)
_STATE_I32 = ctypes.PYFUNCTYPE(_I32)
_STATE_U64 = ctypes.PYFUNCTYPE(ctypes.c_uint64)
_MOVES = _STATE_I32
_PLAY = _STATE_VOID
_ORDER = _STATE_VOID
_FORMAT_MOVE = ctypes.PYFUNCTYPE(_I32, _P, _I32, ctypes.c_char_p, ctypes.c_uint64)
_FORMAT_STATE = ctypes.PYFUNCTYPE(_I32, _P, _P, ctypes.c_char_p, ctypes.c_uint64)
_PARSE_STATE = ctypes.PYFUNCTYPE(_I32, _P, ctypes.c_char_p, _P)
_PARAM_INFO = ctypes.CFUNCTYPE(_I32, ctypes.POINTER(_GameApi), ctypes.c_uint32,
                               ctypes.POINTER(_ParamInfo))
_GET_EXTENSION = ctypes.CFUNCTYPE(_P, ctypes.POINTER(_GameApi), ctypes.c_char_p)


def _has_field(size: int, struct: type, field: str) -> bool:
    """TOURNEY_HAS_FIELD: whether a struct of SIZE bytes holds FIELD."""
    desc = getattr(struct, field)
    return size >= desc.offset + desc.size


def _function(kind, address: Optional[int]):
    return kind(address) if address else None


# ---- finding a plugin --------------------------------------------------------------


def plugin_path() -> List[str]:
    """The folders searched for plugins, in order, as `tourney run` searches them.

    $TOURNEY_PLUGIN_PATH (colon-separated), then the folder of the `tourney` found on PATH
    when it is a build tree (its games/ beside it), then the installed plugin folder of that
    `tourney` (PREFIX/lib/.../tourney) and of /usr/local and /usr.
    """
    # Imported here: an agent, which loads the file the runner names, never pays for them.
    import shutil
    import sysconfig

    dirs = [d for d in os.environ.get("TOURNEY_PLUGIN_PATH", "").split(":") if d]
    prefixes = []
    exe = shutil.which("tourney")
    if exe is not None:
        exe_dir = os.path.dirname(os.path.realpath(exe))
        if os.path.isdir(os.path.join(exe_dir, "games")):
            dirs.append(exe_dir)
        prefixes.append(os.path.dirname(exe_dir))
    prefixes += ["/usr/local", "/usr"]
    multiarch = sysconfig.get_config_var("MULTIARCH") or ""
    for prefix in prefixes:
        for lib in (os.path.join("lib", multiarch), "lib64", "lib"):
            candidate = os.path.normpath(os.path.join(prefix, lib, "tourney"))
            if candidate not in dirs and os.path.isdir(candidate):
                dirs.append(candidate)
    return dirs


def find_game_plugin(name: str, dirs: Optional[Sequence[str]] = None) -> str:
    """The file of the game plugin NAME: a path (with a '/'), else NAME.so or
    games/NAME.so in the first folder of DIRS (default plugin_path()) that has one."""
    if "/" in name:
        if not os.path.isfile(name):
            raise GameError("game plugin '%s': no file %s" % (name, name))
        return name
    search = list(plugin_path() if dirs is None else dirs)
    file = name if name.endswith(".so") else name + ".so"
    for folder in search:
        for candidate in (os.path.join(folder, file), os.path.join(folder, "games", file)):
            if os.path.isfile(candidate):
                return candidate
    raise GameError("unknown game plugin '%s': no %s found in %s" %
                    (name, file, ", ".join(search) if search else "the plugin path"))


# ---- parameters ----------------------------------------------------------------------

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


class Param:
    """One parameter the game accepts, as its plugin describes it."""

    def __init__(self, name: str, kind: int, default: str, low: int, high: int,
                 choices: List[str], help_text: str) -> None:
        self.name = name
        self.kind = kind
        self.default = default
        self.min = low
        self.max = high
        self.choices = choices
        self.help = help_text

    def value(self, given: ParamValue) -> int:
        """The checked value for create (tourney_param_value.i) of GIVEN."""
        text = str(given).strip().lower() if not isinstance(given, bool) else None
        if self.kind == PARAM_BOOL:
            if isinstance(given, bool) or given in (0, 1):
                return int(given)
            if text in _TRUE or text in _FALSE:
                return int(text in _TRUE)
            raise GameError("parameter %s: '%s' is not true or false" % (self.name, given))
        if self.kind == PARAM_CHOICE:
            if text in self.choices:
                return self.choices.index(text)
            raise GameError("parameter %s: '%s' is not one of %s" %
                            (self.name, given, ", ".join(self.choices)))
        try:
            number = int(given) if not isinstance(given, str) else int(given.strip(), 10)
        except ValueError:
            raise GameError("parameter %s: '%s' is not a whole number" %
                            (self.name, given)) from None
        if isinstance(given, bool) or not self.min <= number <= self.max:
            raise GameError("parameter %s: %s is not in [%d, %d]" %
                            (self.name, given, self.min, self.max))
        return number


def _text(raw: Optional[bytes]) -> str:
    return raw.decode("utf-8", "replace") if raw is not None else ""


def _choices(raw) -> List[str]:
    words = []
    if raw:
        index = 0
        while raw[index] is not None:
            words.append(_text(raw[index]).lower())
            index += 1
    return words


def _read_params(api: _GameApi, api_ptr) -> List[Param]:
    params = []
    size = api.header.struct_size
    if api.param_count > 4096:
        raise GameError("game plugin %s: %d parameters" % (_text(api.name), api.param_count))
    if api.header.abi_minor >= 2 and _has_field(size, _GameApi, "get_param_info"):
        describe = _function(_PARAM_INFO, api.get_param_info)
        for index in range(api.param_count):
            info = _ParamInfo()
            info.struct_size = ctypes.sizeof(_ParamInfo)
            if describe is None or describe(api_ptr, index, ctypes.byref(info)) != OK:
                raise GameError("game plugin %s: no description of parameter %d" %
                                (_text(api.name), index))
            params.append(Param(_text(info.name), info.type, _text(info.default_value),
                                info.min, info.max, _choices(info.choices), _text(info.help)))
    elif api.param_count > 0:
        table = ctypes.cast(api.legacy_params, ctypes.POINTER(_ParamDesc11))
        for index in range(api.param_count):
            d = table[index]
            params.append(Param(_text(d.name), d.type, _text(d.default_value), d.min, d.max,
                                _choices(d.choices), _text(d.help)))
    return params


# ---- the game and its states ---------------------------------------------------------


class Game:
    """A game plugin, loaded and created with parameters: the rules of one game.

    Game("mnk", rows=4, cols=4, k=4), or Game("mnk", {"rows": 4}) with the rest default;
    NAME is a plugin's name, looked for on plugin_path(), or a path to its .so file.
    Parameters not given take the plugin's defaults; `params` holds every value used.
    """

    def __init__(self, name: str, params: Optional[Mapping[str, ParamValue]] = None,
                 **more: ParamValue) -> None:
        given = dict(params or {})
        given.update(more)
        self._instance = None
        self.path = os.path.abspath(find_game_plugin(name))
        try:
            self._lib = ctypes.CDLL(self.path, mode=os.RTLD_NOW | os.RTLD_LOCAL)
        except OSError as error:
            raise GameError("game plugin %s cannot be loaded: %s" % (self.path, error)) from None
        try:
            entry = _ENTRY(("tourney_game_entry", self._lib))
        except AttributeError:
            raise GameError("%s is not a game plugin (no tourney_game_entry)" %
                            self.path) from None
        api_ptr = entry()
        if not api_ptr:
            raise GameError("game plugin %s: its entry returned NULL" % self.path)
        api = api_ptr.contents
        header = api.header
        if header.kind != KIND_GAME:
            raise GameError("%s is not a game plugin" % self.path)
        if header.abi_major != ABI_MAJOR or header.struct_size < _API_SIZE_1_0:
            raise GameError("game plugin %s was built for ABI %d.%d; this binding reads %d.x" %
                            (self.path, header.abi_major, header.abi_minor, ABI_MAJOR))
        self._api = api
        self.name = _text(api.name)
        self.description = _text(api.description)
        self.param_info = _read_params(api, api_ptr)
        self.params = self._choose_params(given)
        self._create(api)
        self._bind(api, api_ptr)

    def _choose_params(self, given: Mapping[str, ParamValue]) -> dict:
        known = {p.name: p for p in self.param_info}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise GameError("game %s has no parameter %s (it has: %s)" %
                            (self.name, ", ".join(unknown), ", ".join(known) or "none"))
        return {p.name: given.get(p.name, p.default) for p in self.param_info}

    def _create(self, api: _GameApi) -> None:
        values = (ctypes.c_int64 * max(1, len(self.param_info)))()
        for index, param in enumerate(self.param_info):
            values[index] = param.value(self.params[param.name])
        instance = _P()
        info = _GameInfo()
        error = ctypes.create_string_buffer(_ERROR_SIZE)
        self._destroy = _DESTROY(api.destroy)
        status = _CREATE(api.create)(values, ctypes.byref(instance), ctypes.byref(info), error,
                                     _ERROR_SIZE)
        if status != OK:
            raise GameError("game %s with %s: %s" % (
                self.name, ", ".join("%s=%s" % kv for kv in self.params.items()) or "defaults",
                _text(error.value) or "refused (status %d)" % status))
        self._instance = instance
        if info.state_size < 1 or info.move_limit < 1 or info.max_plies < 0:
            raise GameError("game %s: it describes states of %d bytes and %d moves" %
                            (self.name, info.state_size, info.move_limit))
        self.state_size = int(info.state_size)
        self.move_limit = int(info.move_limit)
        self.max_plies = int(info.max_plies)

    def _bind(self, api: _GameApi, api_ptr) -> None:
        size = api.header.struct_size
        self._initial = _STATE_VOID(api.initial_state)
        self._to_move = _STATE_I32(api.to_move)
        self._legal = _MOVES(api.legal_moves)
        self._apply = _PLAY(api.apply)
        self._undo = _PLAY(api.undo)
        self._status = _STATE_I32(api.status)
        self._evaluate = _function(_STATE_I32, api.evaluate)
        self._hash = _function(_STATE_U64, api.hash)
        self._format_move = _function(_FORMAT_MOVE, api.format_move)
        self._format_state = _function(_FORMAT_STATE, api.format_state)
        self._parse_state = _function(_PARSE_STATE, api.parse_state)
        order = winning = safe = None
        extension = None
        if _has_field(size, _GameApi, "get_extension") and api.get_extension:
            address = _GET_EXTENSION(api.get_extension)(api_ptr, SEARCH_EXTENSION)
            if address:
                extension = ctypes.cast(address, ctypes.POINTER(_SearchExtension)).contents
        if extension is not None:
            ext_size = extension.struct_size
            order = extension.order_moves if _has_field(
                ext_size, _SearchExtension, "order_moves") else None
            winning = extension.winning_move if _has_field(
                ext_size, _SearchExtension, "winning_move") else None
            safe = extension.safe_moves if _has_field(
                ext_size, _SearchExtension, "safe_moves") else None
        elif size >= _API_SIZE_1_1:
            order, winning, safe = api.order_moves, api.winning_move, api.safe_moves
        self._order_moves = _function(_ORDER, order)
        self._winning_move = _function(_STATE_I32, winning)
        self._safe_moves = _function(_MOVES, safe)
        self.has_evaluate = self._evaluate is not None
        self.has_hash = self._hash is not None
        self.has_search_knowledge = any(
            f is not None for f in (self._order_moves, self._winning_move, self._safe_moves))
        self.id = _text(api.id) if _has_field(size, _GameApi, "id") else ""
        self.version = _text(api.version) if _has_field(size, _GameApi, "version") else ""

    def close(self) -> None:
        """Frees the game instance (also done when the Game is collected)."""
        if self._instance is not None:
            self._destroy(self._instance)
            self._instance = None

    def __del__(self) -> None:
        if getattr(self, "_instance", None) is not None:
            self.close()

    def __enter__(self) -> "Game":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __repr__(self) -> str:
        return "Game(%r, %s)" % (self.name, ", ".join("%s=%s" % kv for kv in
                                                       self.params.items()))

    def initial_state(self) -> "State":
        """The starting position."""
        state = State(self)
        self._initial(self._instance, state._buf)
        return state

    def parse_state(self, text: str) -> "State":
        """A position in the game's own notation (docs/games.md): 'x x . / o . . / . . .'
        for mnk, the columns played ('4453') or a drawn board for connect4."""
        if self._parse_state is None:
            raise GameError("game %s cannot read positions (no parse_state)" % self.name)
        state = State(self)
        if self._parse_state(self._instance, text.encode("utf-8"), state._buf) != OK:
            raise GameError("game %s cannot read the position '%s'" % (self.name, text))
        return state

    def state_from_moves(self, moves: Iterable[int]) -> "State":
        """The position after MOVES from the start, each checked to be legal."""
        state = self.initial_state()
        for move in moves:
            state.play(move)
        return state

    def format_move(self, move: int) -> str:
        """The move's name as the game writes it ('b2', '4'); its number without one."""
        if self._format_move is None:
            return str(move)
        buf = ctypes.create_string_buffer(_MOVE_TEXT_SIZE)
        if self._format_move(self._instance, move, buf, _MOVE_TEXT_SIZE) != OK:
            return str(move)
        return _text(buf.value)

    def parse_move(self, text: str, state: "State") -> int:
        """The legal move of STATE named TEXT (case does not matter, '#N' is move N)."""
        wanted = text.strip().lower()
        for move in state.legal_moves():
            if self.format_move(move).lower() == wanted or wanted == "#%d" % move:
                return move
        raise GameError("no legal move is named '%s'" % text)


class State:
    """A position of a Game: a block of state_size bytes the game reads and writes.

    Copy it with copy() (or copy.copy), or search by apply() and undo(). Two states are
    equal when their bytes are.
    """

    __slots__ = ("game", "_buf", "_moves")

    def __init__(self, game: Game, raw: Optional[bytes] = None) -> None:
        self.game = game
        self._buf = ctypes.create_string_buffer(game.state_size)
        if raw is not None:
            if len(raw) != game.state_size:
                raise GameError("a state of %s is %d bytes, not %d" %
                                (game.name, game.state_size, len(raw)))
            ctypes.memmove(self._buf, raw, game.state_size)
        self._moves = None

    def copy(self) -> "State":
        twin = State.__new__(State)
        twin.game = self.game
        twin._buf = self._buf.__class__.from_buffer_copy(self._buf)
        twin._moves = None
        return twin

    __copy__ = copy

    def __deepcopy__(self, memo) -> "State":
        return self.copy()

    def raw(self) -> bytes:
        """The state's bytes (State(game, raw) makes it again)."""
        return self._buf.raw

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, State) and other.game is self.game and
                other._buf.raw == self._buf.raw)

    def __hash__(self) -> int:
        return hash(self._buf.raw)

    def __repr__(self) -> str:
        return "<%s state %s>" % (self.game.name, " / ".join(self.format().splitlines()))

    def __str__(self) -> str:
        return self.format()

    def _move_buffer(self):
        if self._moves is None:
            self._moves = (ctypes.c_int32 * self.game.move_limit)()
        return self._moves

    def legal_moves(self) -> List[int]:
        """The legal moves in ascending order; [] when the game is over."""
        g = self.game
        moves = self._moves if self._moves is not None else self._move_buffer()
        n = g._legal(g._instance, self._buf, moves)
        return moves[:n]

    def apply(self, move: int) -> None:
        """Plays MOVE, which must be legal (the game does not check)."""
        g = self.game
        g._apply(g._instance, self._buf, move)

    def play(self, move: int) -> None:
        """Plays MOVE after checking that it is legal (GameError if not): for moves that
        come from outside a search, where apply() would trust them."""
        if move not in self.legal_moves():
            raise GameError("move %r is not legal here" % (move,))
        self.apply(move)

    def undo(self, move: int) -> None:
        """Takes back MOVE, the last move applied."""
        g = self.game
        g._undo(g._instance, self._buf, move)

    def child(self, move: int) -> "State":
        """A copy with MOVE played."""
        twin = self.copy()
        twin.apply(move)
        return twin

    def status(self) -> Status:
        g = self.game
        return _STATUSES[g._status(g._instance, self._buf)]

    def is_over(self) -> bool:
        g = self.game
        return g._status(g._instance, self._buf) != 0

    def to_move(self) -> int:
        """Whose turn it is, 0 or 1 (meaningful while the game is ongoing)."""
        g = self.game
        return g._to_move(g._instance, self._buf)

    def evaluate(self) -> int:
        """The game's heuristic value for the player to move; 0 for a game without one."""
        g = self.game
        return g._evaluate(g._instance, self._buf) if g._evaluate is not None else 0

    def hash(self) -> int:
        """The game's 64-bit hash of the position (a game without one: of its bytes)."""
        g = self.game
        if g._hash is None:
            return hash(self._buf.raw) & 0xFFFFFFFFFFFFFFFF
        return g._hash(g._instance, self._buf)

    def winning_move(self) -> Optional[int]:
        """A move that wins at once, or None (also for a game without the knowledge).
        Asked only of an ongoing position."""
        g = self.game
        if g._winning_move is None:
            return None
        move = g._winning_move(g._instance, self._buf)
        return move if move >= 0 else None

    def safe_moves(self) -> List[int]:
        """The legal moves after which the opponent cannot win at once, ascending.
        Asked only where winning_move() is None; without the knowledge, every legal move."""
        g = self.game
        if g._safe_moves is None:
            return self.legal_moves()
        moves = self._moves if self._moves is not None else self._move_buffer()
        n = g._safe_moves(g._instance, self._buf, moves)
        return moves[:n]

    def order_moves(self, moves: Optional[Sequence[int]] = None) -> List[int]:
        """MOVES (default: the legal moves) in the order the game advises trying them."""
        g = self.game
        listed = list(self.legal_moves() if moves is None else moves)
        if g._order_moves is None or not listed:
            return listed
        array = (ctypes.c_int32 * len(listed))(*listed)
        g._order_moves(g._instance, self._buf, array, len(listed))
        return array[:]

    def format_move(self, move: int) -> str:
        return self.game.format_move(move)

    def format(self) -> str:
        """The position as the game draws it, one row a line ('' without format_state)."""
        g = self.game
        if g._format_state is None:
            return ""
        size = 4096
        while size <= 1 << 24:
            buf = ctypes.create_string_buffer(size)
            if g._format_state(g._instance, self._buf, buf, size) == OK:
                return _text(buf.value)
            size *= 4
        raise GameError("game %s drew a position longer than 16 MB" % g.name)

    format_state = format
