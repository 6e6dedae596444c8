"""Command line: ``python -m tacocat play | simulate`` (and ``arena`` once the AI exists)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import TextIO

from .actions import Action
from .cards import card_label
from .errors import RecordError, TacocatError
from .events import Event
from .game import Game
from .players import Player, RandomPlayer
from .ruleset import SEATS, WOW, YAY


def play_game(game: Game, players: Sequence[Player]) -> Game:
    """Play ``game`` to the end between two computer players."""
    while not game.is_terminal():
        for p in game.to_act():
            game.apply(p, players[p].choose(game.observation(p)))
    return game


def simulate(games: int, seed: int,
             make_player: Callable[[int], Player] = RandomPlayer) -> dict[str, float | int]:
    """Play ``games`` random games; the JSON summary printed by ``simulate``."""
    rounds = tied = yay = 0
    start = time.perf_counter()
    for i in range(games):
        s = seed + i
        g = play_game(Game(s), (make_player(2 * s + 1), make_player(2 * s + 2)))
        rounds += g.round
        tied += g.tied_rounds
        yay += g.winner == YAY
    seconds = time.perf_counter() - start
    return {
        "games": games, "seed": seed, "rounds": rounds, "tied_rounds": tied,
        "yay_wins": yay, "wow_wins": games - yay, "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 1) if seconds else 0.0,
    }


def describe(event: Event, viewer: int) -> str | None:
    """One log line for an event, from ``viewer``'s seat (hidden cards stay hidden)."""
    e = event.visible_to(viewer)
    info = e.info or {}
    who = SEATS[e.player] if e.player is not None else ""
    cards = ", ".join(map(str, e.cards))
    match e.kind:
        case "round_started":
            arrow = "double arrow" if info["arrow"] is None else f"arrow at {SEATS[info['arrow']]}"
            return f"— Round {info['round']}: {info['hand_size']} cards each, {arrow} —"
        case "dealt":
            return f"You are dealt {cards}." if e.player == viewer else None
        case "replaced":
            return f"{who} replaces {len(e.cards)} card(s): {cards or 'none'}."
        case "drew":
            return f"You draw {cards}." if e.player == viewer and cards else None
        case "duel":
            y, w = e.cards
            if info["tie"]:
                return f"Duel: YAY {y} vs WOW {w} — a tie, duel again."
            return f"Duel: YAY {y} vs WOW {w} — {SEATS[info['attacker']]} attacks first."
        case "attacked":
            return f"{who} attacks with {cards}."
        case "defended":
            return f"{who} defends {info['against']} with {cards}."
        case "sacrificed":
            return f"{who} sacrifices {cards} against {info['against']}."
        case "trick":
            return f"{who} attacks next."
        case "showdown":
            y, w = e.cards
            win = "a tie" if info["winner"] is None else f"{SEATS[info['winner']]} wins the round"
            return f"Showdown: YAY {y} vs WOW {w} — {win}."
        case "cat_moved":
            return f"The cat moves toward {who}."
        case "game_won":
            return f"*** {who} wins the game! ***"
    return None


def _ask(prompt: str, legal: list[Action], inp: TextIO, out: TextIO) -> Action:
    while True:
        out.write(prompt)
        out.flush()
        line = inp.readline()
        if not line:
            raise EOFError
        text = line.strip()
        if text == "?":
            out.write("Legal: " + " ".join(a.notation() for a in legal[:60]) + "\n")
            continue
        try:
            action = Action.parse(text if text else "R")
        except RecordError as exc:
            out.write(f"  {exc}\n")
            continue
        if action in legal:
            return action
        out.write("  Not legal now. Type ? for the list.\n")


def play_terminal(seed: int, opponent: Player, inp: TextIO | None = None,
                  out: TextIO | None = None, seat: int = YAY) -> int:
    """Play against ``opponent`` in the terminal, typing action notation (``?`` lists moves)."""
    inp = inp or sys.stdin
    out = out or sys.stdout
    game = Game(seed)
    for e in game.initial_events:
        if (line := describe(e, seat)) is not None:
            out.write(line + "\n")
    while not game.is_terminal():
        for p in game.to_act():
            obs = game.observation(p)
            if p == seat:
                hand = " ".join(map(str, obs.hand))
                extra = f" (replace up to {obs.replace_limit}; Enter keeps all)" \
                    if obs.phase == "replace" else ""
                extra += f" against {obs.target}" if obs.target is not None else ""
                out.write(f"[{obs.phase}{extra}] your hand: {hand}\n")
                try:
                    action = _ask("> ", obs.legal_actions(), inp, out)
                except EOFError:
                    out.write("\nBye.\n")
                    return 1
            else:
                action = opponent.choose(obs)
            try:
                events = game.apply(p, action)
            except TacocatError as exc:  # cannot happen with a legal list; keep the game
                out.write(f"  {exc}\n")
                continue
            for e in events:
                if (line := describe(e, seat)) is not None:
                    out.write(line + "\n")
    return 0


def _opponent(name: str, seed: int) -> Player:
    if name == "random":
        return RandomPlayer(seed)
    try:
        from .ai import make_player
    except ImportError:
        raise SystemExit(f"unknown opponent {name!r}") from None
    return make_player(name, seed)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tacocat",
                                     description="Tacocat Spelled Backwards")
    sub = parser.add_subparsers(dest="command", required=True)
    p_play = sub.add_parser("play", help="play against the computer in the terminal")
    p_play.add_argument("--seed", type=int, default=int(time.time()) % 100000)
    p_play.add_argument("--opponent", default="random",
                        choices=["random", "greedy", "easy", "medium", "hard", "master"],
                        help="computer opponent level (default: random)")
    p_play.add_argument("--seat", choices=["yay", "wow"], default="yay")
    p_sim = sub.add_parser("simulate", help="play random games and report statistics")
    p_sim.add_argument("--games", type=int, default=1000)
    p_sim.add_argument("--seed", type=int, default=0)
    p_sim.add_argument("--json", action="store_true")
    p_an = sub.add_parser("analyse", help="master's evaluation of one seat's decisions in "
                                           "a game record")
    p_an.add_argument("record", help="a game record (JSON, as saved or shared)")
    p_an.add_argument("--seat", type=str.upper, choices=["YAY", "WOW"], required=True)
    p_an.add_argument("--level", default="master", choices=["master", "master-2026"])
    p_an.add_argument("--seed", type=int, default=0)
    p_an.add_argument("--json", action="store_true")
    try:
        from .ai.arena import add_arena_parser
    except ImportError:
        add_arena_parser = None
    if add_arena_parser is not None:
        add_arena_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "play":
        print(f"Tacocat Spelled Backwards — seed {args.seed}. You are "
              f"{args.seat.upper()}. Type actions like R3.7, D7, A5.6.7, B9, S; ? lists them.")
        print("Cards: " + "; ".join(card_label(v) for v in range(1, 13)))
        return play_terminal(args.seed, _opponent(args.opponent, args.seed + 1),
                             seat=YAY if args.seat == "yay" else WOW)
    if args.command == "simulate":
        if args.games < 1:
            parser.error("--games must be at least 1")
        result = simulate(args.games, args.seed)
        print(json.dumps(result) if args.json else
              "\n".join(f"{k}: {v}" for k, v in result.items()))
        return 0
    if args.command == "analyse":
        return _analyse_main(args)
    return args.func(args)


def _analyse_main(args: argparse.Namespace) -> int:
    from .ai.analysis import run_analysis
    from .record import GameRecord

    try:
        with open(args.record, encoding="utf-8") as f:
            record = GameRecord.from_json(f.read())
        result = run_analysis(record, YAY if args.seat == "YAY" else WOW, args.level, args.seed)
    except (OSError, RecordError) as exc:
        raise SystemExit(f"cannot analyse {args.record}: {exc}") from None
    if args.json:
        print(json.dumps(result.to_dict()))
        return 0
    for d in result.decisions:
        if d.forced:
            continue
        mark = f"  {d.mark}" if d.mark else ""
        print(f"move {d.index + 1:3} round {d.round} {d.phase:7} played {d.played:10} "
              f"{d.round_played:.2f}  best {d.best:10} {d.round_best:.2f}{mark}")
    for r in result.rounds:
        print(r.text)
    return 0
