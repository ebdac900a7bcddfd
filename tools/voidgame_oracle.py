#!/usr/bin/env python3
"""Reference oracle for Void: answers questions about positions using voidgame 1.1.

voidgame 1.1 (PyPI, MIT) is the original Python implementation of Void. Its API is
click based: ``voidgame.State()`` holds the board and ``voidgame.process(state, orbit,
sector)`` handles one click, exactly as the original web page did. This script never
re-implements a rule: it enumerates and plays turns by clicking on copies of a
``voidgame.State`` and reading the markers voidgame leaves on the board
("selected", "canMove", "start", "canHit", "willFall").

Coordinate mapping (voidgame -> Arbiter, see ``rules/void.md``)
-------------------------------------------------------------
* ``state.board[o][s]``: ``o`` is the orbit index 0..4 with 0 innermost, ``s`` the
  sector index 0..17. Arbiter cell = sector letter ``"abcdefghijklmnopqr"[s]`` +
  orbit digit ``o + 1``. The mapping is the identity on sectors.
* voidgame calls ``(s + 1) % 18`` "clockwise" (flagship, sweeper and fighter code),
  which is Arbiter's clockwise = increasing sector letter. (The mirror map
  ``s -> (8 - s) % 18`` also yields the same start position; it is rejected because
  it would turn voidgame's clockwise into counter-clockwise.)
* Pieces are ``"<colour>#<type>"`` with colour ``black``/``white`` and type
  ``flag``/``bomber``/``sweeper``/``fighter`` -> ``f b s x``, uppercase for white.
* voidgame's start, ``voidgame.State()``, maps to
  ``3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 0``.

Line protocol (stdin -> stdout, one answer line per input line, flushed)
-----------------------------------------------------------------------
``moves <position>``
    ``ok`` followed by every legal turn voidgame allows, space separated, sorted and
    deduplicated: ``FROM-TO`` (move without attack) and ``FROM-TOxTARGET`` (one per
    target voidgame offers after that move; for a sweeper the first target chosen,
    for a bomber the highest piece below it). ``ok`` alone if nothing can move.
``play <position> <turn>``
    ``ok <position after the turn> <status>``; status is ``none``, ``black`` or
    ``white`` (voidgame's declared winner). voidgame never declares a draw, so
    ``draw`` is never printed. The side to move is the other side, pass count 0.
anything else, or any error
    ``err <message>``.

Positions are Arbiter position strings (``board side passes`` or ``board side``); the
pass count is accepted but ignored (voidgame has no passes). A turn may carry a
leading piece letter (``Xd3-f5``), which is ignored; ``pass`` is refused.

Command line
------------
``voidgame_oracle.py``                       run the line protocol
``voidgame_oracle.py --perft N [--position P] [--divide]``
                                             count turn sequences of N plies
``voidgame_oracle.py --check``               acceptance check: start mapping,
                                             perft 1 = 40 and perft 2 = 1566

Run it with the project venv: ``/work/main/.venv/bin/python tools/voidgame_oracle.py``
(``python3 -m venv .venv && .venv/bin/pip install voidgame==1.1``).
"""

import argparse
import copy
import re
import sys

import voidgame

SECTORS = "abcdefghijklmnopqr"
START_POSITION = "3BFB6bfb3/3S1S6s1s3/3XXX6xxx3/18/18 b 0"
LETTER_TO_TYPE = {"f": "flag", "b": "bomber", "s": "sweeper", "x": "fighter"}
TYPE_TO_LETTER = {v: k for k, v in LETTER_TO_TYPE.items()}
SIDES = {"b": "black", "w": "white"}
TURN_RE = re.compile(r"^[FBSXfbsx]?([a-r][1-5])-([a-r][1-5])(?:x([a-r][1-5]))?$")


class OracleError(Exception):
    """A request the oracle refuses (bad input, or a turn voidgame does not allow)."""


# ---------------------------------------------------------------- coordinates

def cell_name(orbit, sector):
    """voidgame (orbit index 0..4, sector index 0..17) -> Arbiter cell such as 'n5'."""
    return SECTORS[sector] + str(orbit + 1)


def parse_cell(name):
    """Arbiter cell such as 'n5' -> voidgame (orbit index, sector index)."""
    if len(name) != 2 or name[0] not in SECTORS or name[1] not in "12345":
        raise OracleError("bad cell %r" % name)
    return int(name[1]) - 1, SECTORS.index(name[0])


# ------------------------------------------------------------------ positions

def parse_position(text):
    """Arbiter position string -> fresh voidgame.State in its 'select' phase."""
    fields = text.split()
    if len(fields) not in (2, 3):
        raise OracleError("position needs 2 or 3 fields, got %d" % len(fields))
    board_text, side = fields[0], fields[1]
    if side not in SIDES:
        raise OracleError("bad side to move %r (want b or w)" % side)
    if len(fields) == 3 and fields[2] not in ("0", "1", "2"):
        raise OracleError("bad pass count %r (want 0, 1 or 2)" % fields[2])
    rows = board_text.split("/")
    if len(rows) != 5:
        raise OracleError("board needs 5 orbits, got %d" % len(rows))

    state = voidgame.State()
    state.board = [[""] * 18 for _ in range(5)]
    flags = {"black": 0, "white": 0}
    for row_number, row in enumerate(rows):
        orbit = 4 - row_number  # the string lists orbit 5 first
        sector = 0
        for token in re.findall(r"\d+|.", row):
            if token.isdigit():
                sector += int(token)
                continue
            if token.lower() not in LETTER_TO_TYPE:
                raise OracleError("unknown piece letter %r in orbit %d" % (token, orbit + 1))
            if sector >= 18:
                raise OracleError("orbit %d has more than 18 sectors" % (orbit + 1))
            colour = "white" if token.isupper() else "black"
            kind = LETTER_TO_TYPE[token.lower()]
            if kind == "flag":
                flags[colour] += 1
            state.board[orbit][sector] = colour + "#" + kind
            sector += 1
        if sector != 18:
            raise OracleError("orbit %d sums to %d sectors, not 18" % (orbit + 1, sector))
    for colour, count in flags.items():
        if count > 1:
            raise OracleError("%s has %d flagships" % (colour, count))
    state.turn = SIDES[side]
    state.phase = "select"
    state.prompt = voidgame.SELECT_PROMPT
    return state


def format_board(board):
    """voidgame board (markers ignored) -> the board field of an Arbiter position."""
    rows = []
    for orbit in range(4, -1, -1):
        out, empty = "", 0
        for sector in range(18):
            value = board[orbit][sector]
            if "#" not in value:  # empty, or a marker only
                empty += 1
                continue
            colour, kind = value.split()[0].split("#")
            if empty:
                out += str(empty)
                empty = 0
            letter = TYPE_TO_LETTER[kind]
            out += letter.upper() if colour == "white" else letter
        if empty:
            out += str(empty)
        rows.append(out)
    return "/".join(rows)


def format_position(board, side_to_move):
    """voidgame board + 'black'/'white' -> full Arbiter position string (pass count 0)."""
    return "%s %s 0" % (format_board(board), side_to_move[0])


# ------------------------------------------------------------ driving voidgame

def clone(state):
    """Deep copy of a voidgame.State (the board is the only mutable attribute)."""
    new = copy.copy(state)
    new.board = [row[:] for row in state.board]
    return new


def click(state, orbit, sector):
    """One click through voidgame's public entry point."""
    voidgame.process(state, orbit, sector)


def marked(state, marker):
    """All (orbit, sector) whose voidgame cell carries the given marker."""
    return [(o, s) for o in range(5) for s in range(18) if marker in state.board[o][s].split()]


def legal_turns(state):
    """Every turn voidgame offers in a 'select'-phase state, in Arbiter notation."""
    own = state.turn + "#"
    turns = set()
    for orbit in range(5):
        for sector in range(18):
            if not state.board[orbit][sector].startswith(own):
                continue
            selected = clone(state)
            click(selected, orbit, sector)
            if selected.phase != "move":  # voidgame: "you cannot move that piece"
                continue
            origin = cell_name(orbit, sector)
            for dest in marked(selected, "canMove"):
                moved = clone(selected)
                click(moved, *dest)
                if moved.phase != "attack":
                    raise OracleError("voidgame did not accept its own move %s-%s"
                                      % (origin, cell_name(*dest)))
                turn = origin + "-" + cell_name(*dest)
                turns.add(turn)
                for target in marked(moved, "canHit"):
                    turns.add(turn + "x" + cell_name(*target))
    return sorted(turns)


def status_of(state):
    """voidgame's verdict after a turn: 'none', 'black' or 'white'."""
    if state.phase != "win":
        return "none"
    if state.prompt == voidgame.BLACK_WINS_PROMPT:
        return "black"
    if state.prompt == voidgame.WHITE_WINS_PROMPT:
        return "white"
    raise OracleError("voidgame ended the game with prompt %r" % state.prompt)


def play_turn(state, turn):
    """Play one Arbiter-notation turn on a copy of state by clicking.

    Returns (new_state, side_to_move, status). Raises OracleError if voidgame does
    not offer the piece, the destination or the target.
    """
    if turn == "pass":
        raise OracleError("voidgame has no pass")
    match = TURN_RE.match(turn)
    if not match:
        raise OracleError("bad turn %r (want FROM-TO or FROM-TOxTARGET)" % turn)
    origin, dest = parse_cell(match.group(1)), parse_cell(match.group(2))
    target = parse_cell(match.group(3)) if match.group(3) else None
    mover = state.turn
    after = clone(state)

    if not after.board[origin[0]][origin[1]].startswith(mover + "#"):
        raise OracleError("no %s piece on %s" % (mover, match.group(1)))
    click(after, *origin)
    if after.phase != "move":
        raise OracleError("voidgame: the piece on %s cannot move" % match.group(1))
    if "canMove" not in after.board[dest[0]][dest[1]].split():
        raise OracleError("voidgame: the piece on %s cannot move to %s"
                          % (match.group(1), match.group(2)))
    click(after, *dest)
    if after.phase != "attack":
        raise OracleError("voidgame did not accept the move to %s" % match.group(2))
    if target is None:
        click(after, *dest)  # clicking the moved piece again ends the turn without attack
    else:
        if "canHit" not in after.board[target[0]][target[1]].split():
            raise OracleError("voidgame: %s-%s cannot attack %s"
                              % (match.group(1), match.group(2), match.group(3)))
        click(after, *target)
    if after.phase not in ("select", "win"):
        raise OracleError("voidgame did not finish the turn (phase %r)" % after.phase)
    side_to_move = "white" if mover == "black" else "black"
    return after, side_to_move, status_of(after)


# --------------------------------------------------------------- the protocol

def handle_line(line):
    """Answer one protocol line (without its newline); never raises."""
    try:
        parts = line.split()
        if not parts:
            raise OracleError("empty line")
        command = parts[0]
        if command == "moves":
            if len(parts) not in (3, 4):
                raise OracleError("usage: moves <board> <side> [<passes>]")
            turns = legal_turns(parse_position(" ".join(parts[1:])))
            return " ".join(["ok"] + turns)
        if command == "play":
            if len(parts) not in (4, 5):
                raise OracleError("usage: play <board> <side> [<passes>] <turn>")
            state = parse_position(" ".join(parts[1:-1]))
            after, side, status = play_turn(state, parts[-1])
            return "ok %s %s" % (format_position(after.board, side), status)
        raise OracleError("unknown command %r (want moves or play)" % command)
    except OracleError as error:
        message = str(error)
    except Exception as error:  # a voidgame crash must not end the loop
        message = "%s: %s" % (type(error).__name__, error)
    return "err " + " ".join(message.split())


def serve(stdin=sys.stdin, stdout=sys.stdout):
    for line in stdin:
        stdout.write(handle_line(line.rstrip("\r\n")) + "\n")
        stdout.flush()


# ---------------------------------------------------------------------- perft

def perft(position, depth):
    """Number of turn sequences of `depth` plies, via handle_line only.

    A finished game (voidgame declared a winner) has no moves below it.
    """
    if depth == 0:
        return 1
    answer = handle_line("moves " + position)
    if not answer.startswith("ok"):
        raise OracleError(answer)
    turns = answer.split()[1:]
    if depth == 1:
        return len(turns)
    total = 0
    for turn in turns:
        reply = handle_line("play %s %s" % (position, turn)).split()
        if reply[0] != "ok":
            raise OracleError(" ".join(reply))
        if reply[4] == "none":
            total += perft(" ".join(reply[1:4]), depth - 1)
    return total


def check():
    """Acceptance check of the mapping; returns a process exit code."""
    failures = 0
    start = format_position(voidgame.State().board, voidgame.State().turn)
    print("voidgame start -> %s" % start)
    if start != START_POSITION:
        print("FAIL: expected %s" % START_POSITION)
        failures += 1
    for depth, expected in ((1, 40), (2, 1566)):
        got = perft(START_POSITION, depth)
        print("perft %d = %d (expected %d)" % (depth, got, expected))
        failures += got != expected
    print("%d passed, %d failed" % (3 - failures, failures))
    return 1 if failures else 0


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--perft", type=int, metavar="N", help="print perft N and exit")
    parser.add_argument("--position", default=START_POSITION, help="position for --perft")
    parser.add_argument("--divide", action="store_true", help="with --perft: count per first turn")
    parser.add_argument("--check", action="store_true", help="run the mapping acceptance check")
    args = parser.parse_args(argv)
    if args.check:
        return check()
    if args.perft is not None:
        if args.divide and args.perft >= 1:
            answer = handle_line("moves " + args.position)
            if not answer.startswith("ok"):
                print(answer)
                return 1
            total = 0
            for turn in answer.split()[1:]:
                reply = handle_line("play %s %s" % (args.position, turn)).split()
                if reply[0] != "ok":
                    print(" ".join(reply))
                    return 1
                finished = reply[4] != "none" and args.perft > 1
                count = 0 if finished else perft(" ".join(reply[1:4]), args.perft - 1)
                total += count
                print("%s %d" % (turn, count))
            print("total %d" % total)
        else:
            print(perft(args.position, args.perft))
        return 0
    serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
