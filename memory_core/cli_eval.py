"""``gulfstream eval``: recall quality and behaviour on the evaluation sets (LoCoMo, cross-lingual,
bilingual, behaviour), each printed as a table and optionally written as JSON."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any

import typer

from memory_core.cli_output import check_output, console, progress_bar, progress_factory

__all__ = ["eval_app"]

eval_app = typer.Typer(help="Evaluate recall quality.", no_args_is_help=True)


@eval_app.command("locomo")
def eval_locomo(path: Annotated[Path, typer.Argument(help="LoCoMo JSON file.")],
                json_out: Annotated[Path | None, typer.Option("--json", help="Write the figures here.")] = None,
                limit: Annotated[int | None, typer.Option(help="Only the first N conversations.")] = None,
                ablation: Annotated[bool, typer.Option(help="Also one row per retrieval stage combination.")]
                = False,
                extractor: Annotated[str, typer.Option(help="mechanical, or observations (LoCoMo's own "
                                                       "observations stand in for an LLM extractor).")]
                = "mechanical",
                retriever: Annotated[list[str] | None, typer.Option(
                    help="lexical, semantic or hybrid; repeat to compare on one store "
                         "(default: hybrid and lexical with an embedder, else lexical).")] = None,
                embed_cache: Annotated[Path | None, typer.Option(
                    help="SQLite file remembering vectors between runs.")] = None) -> None:
    """Evidence recall@k per category, beside plain BM25 over raw turns, plus speed."""
    from memory_core.eval.locomo import CATEGORIES, evaluate_locomo, format_ablation, format_table

    check_output(json_out)
    embedder = _eval_embedder(embed_cache)
    retrievers = retriever or (["hybrid", "lexical"] if embedder is not None else ["lexical"])
    with progress_bar() as progress:
        result = evaluate_locomo(path, progress=progress_factory(progress), limit_samples=limit,
                                 ablation=ablation, extractor=extractor, embedder=embedder,
                                 retrievers=retrievers)
    result["generated_at"] = datetime.now().astimezone().isoformat(timespec="seconds")
    console.print(format_table(result), markup=False, highlight=False, soft_wrap=True)
    if ablation:
        table = format_ablation(result["ablation"], CATEGORIES, result["systems"]["bm25_raw_turns"])
        console.print("\n" + table, markup=False, highlight=False, soft_wrap=True)
    console.print(f"\nturns {result['turns']}, questions {result['questions']}, "
                  f"ingest {result['ingest_turns_per_s']} turns/s, recall p50 {result['recall_ms']['p50']} ms, "
                  f"p95 {result['recall_ms']['p95']} ms")
    for name, ms in result.get("recall_ms_by_retriever", {}).items():
        console.print(f"{name}: recall p50 {ms['p50']} ms, p95 {ms['p95']} ms")
    if "llm" in result:
        console.print(f"LLM use: {json.dumps(result['llm'], ensure_ascii=False)}", markup=False, highlight=False)
    if json_out:
        json_out.write_text(json.dumps(result, indent=2), encoding="utf-8")


@eval_app.command("crosslingual")
def eval_crosslingual(json_out: Annotated[Path | None, typer.Option("--json", help="Write the figures here.")] = None,
                      retriever: Annotated[list[str] | None, typer.Option(
                          help="lexical, semantic or hybrid; repeat to compare (default: all three with an "
                               "embedder, else lexical).")] = None,
                      embed_cache: Annotated[Path | None, typer.Option(
                          help="SQLite file remembering vectors between runs.")] = None,
                      cases: Annotated[Path | None, typer.Option(
                          "--set", help="A case file of the same shape (default: data/crosslingual.jsonl; "
                                        "data/everyday_crosslingual.jsonl is everyday words across languages).")]
                      = None) -> None:
    """Recall by meaning: other language, synonym, paraphrase, acronym, inflection (dev and held-out test halves)."""
    from memory_core.eval.crosslingual import KINDS, SET_PATH, SPLITS, evaluate_crosslingual
    from memory_core.eval.locomo import format_table

    check_output(json_out)
    embedder = _eval_embedder(embed_cache)
    retrievers = retriever or (["hybrid", "semantic", "lexical"] if embedder is not None else ["lexical"])
    with progress_bar() as progress:
        result = evaluate_crosslingual(embedder=embedder, retrievers=retrievers, path=cases or SET_PATH,
                                       progress=progress_factory(progress))
    result["generated_at"] = datetime.now().astimezone().isoformat(timespec="seconds")
    for split in SPLITS:
        console.print(f"\n{split} half", markup=False, highlight=False)
        console.print(format_table(result["splits"][split], KINDS, "all (overall)"), markup=False,
                      highlight=False, soft_wrap=True)
    for name, ms in result["recall_ms"].items():
        console.print(f"{name}: recall p50 {ms['p50']} ms, p95 {ms['p95']} ms")
    if json_out:
        json_out.write_text(json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8")


def _eval_embedder(cache: Path | None) -> Any:
    """The configured embedder (None for GULFSTREAM_EMBEDDER=none), wrapped in a vector file when given."""
    from memory_core.embedding.base import EmbeddingError
    from memory_core.embedding.factory import make_embedder
    from memory_core.settings import load_settings

    try:
        embedder = make_embedder(load_settings())
    except EmbeddingError as exc:
        console.print(f"[red]{exc}[/red]")
        raise typer.Exit(2) from None
    if embedder is not None and cache is not None:
        from memory_core.embedding.centering import LanguageCentered
        from memory_core.embedding.disk_cache import DiskCachedEmbedder

        if isinstance(embedder, LanguageCentered):  # cache the model's own vectors, centered on reading
            holder: Any = embedder.inner if hasattr(embedder.inner, "table") else embedder  # not the table's queries
            holder.inner = DiskCachedEmbedder(holder.inner, cache)
        else:
            embedder = DiskCachedEmbedder(embedder, cache)
    return embedder


@eval_app.command("bilingual")
def eval_bilingual(json_out: Annotated[Path | None, typer.Option("--json", help="Write the figures here.")] = None,
                   ablation: Annotated[bool, typer.Option(help="Also one row per retrieval stage combination.")]
                   = False) -> None:
    """Evidence recall@k on the project's English/Chinese/mixed question set, beside plain BM25."""
    from memory_core.eval.bilingual import LANGS, evaluate_bilingual
    from memory_core.eval.locomo import format_ablation, format_table

    check_output(json_out)
    with progress_bar() as progress:
        result = evaluate_bilingual(ablation=ablation, progress=progress_factory(progress))
    result["generated_at"] = datetime.now().astimezone().isoformat(timespec="seconds")
    console.print(format_table(result, LANGS, "all (overall)"), markup=False, highlight=False, soft_wrap=True)
    if ablation:
        console.print("\n" + format_ablation(result["ablation"], LANGS, result["systems"]["bm25_raw_turns"]),
                      markup=False, highlight=False, soft_wrap=True)
    console.print(f"\nturns {result['turns']}, questions {result['questions']}, recall p50 "
                  f"{result['recall_ms']['p50']} ms, p95 {result['recall_ms']['p95']} ms")
    if json_out:
        json_out.write_text(json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8")


@eval_app.command("behaviour")
def eval_behaviour(file: Annotated[list[Path] | None, typer.Argument(help="Case files (default: the built-in dev "
                                                                     "and test halves).")] = None,
                   json_out: Annotated[Path | None, typer.Option("--json", help="Write the figures here.")] = None,
                   failures: Annotated[bool, typer.Option(help="Also list every failed check.")] = False) -> None:
    """Behaviour suite: dated conversations with checks (current value first, no stale fact, ...), per category."""
    from memory_core.eval.behaviour import DEV_PATH, TEST_PATH, evaluate_behaviour, format_report

    check_output(json_out)
    with progress_bar() as progress:
        result = evaluate_behaviour(file or [DEV_PATH, TEST_PATH], progress=progress_factory(progress))
    result["generated_at"] = datetime.now().astimezone().isoformat(timespec="seconds")
    console.print(format_report(result, failures=failures), markup=False, highlight=False, soft_wrap=True)
    t = result["timing"]
    console.print(f"\n{result['overall']['cases']} cases, {t['turns']} turns in {t['wall_s']} s: ingest "
                  f"{t['ingest_ms_per_case']} ms/case, checks {t['checks_ms_per_case']} ms/case")
    if json_out:
        json_out.write_text(json.dumps(result, indent=2, ensure_ascii=False), encoding="utf-8")
