/*
** batch.h -- gather the puzzles named on the command line (files,
** directories, collections) and check them on several threads, handing the
** results back in input order.
*/
#ifndef MAAT_BATCH_H
#define MAAT_BATCH_H

#include <stdbool.h>

#include "input/load.h"
#include "judge.h"
#include "puzzle.h"

struct batch {
	struct collection *files; /* one per puzzle file found */
	int nfiles;
	int total;             /* problems in all files: a puzzle, or its twins apart */
	int load_errors;       /* paths that could not be read at all */
	struct load_opts load; /* how files are read (--stip for FEN lines) */
	int shard_k, shard_n;  /* check problem i only when i % shard_n == shard_k */
	/* check only the puzzles it says yes to (NULL: all), see batch_select */
	bool (*select)(const struct puzzle *p, void *ctx);
	void *select_ctx;
};

/* Check only the puzzles for which select(p, ctx) is true (total becomes
   their count of problems); before batch_shard, if both are used. */
void batch_select(struct batch *b, bool (*select)(const struct puzzle *, void *), void *ctx);

/* Keep problem i (0-based over all files, in input order, twins apart)
   only when i mod n == k: --shard K/N.  total becomes the shard's count. */
void batch_shard(struct batch *b, int k, int n);

/* Progress on standard error while a batch runs: none, a line redrawn in
   place on a terminal, or (--progress into a file or pipe) a line of its
   own every BATCH_PROGRESS_SECONDS. */
enum batch_progress { PROGRESS_NONE, PROGRESS_TERMINAL, PROGRESS_LINES };
#define BATCH_PROGRESS_SECONDS 10

/* Add every puzzle file under the paths: files as they are (a pipe too,
   "-" standard input; the format told from the content, input/load.h),
   directories recursively (regular files named *.yaml, *.yml, *.olv,
   *.inp, *.epd, *.fen, in name order, at most 64 levels deep; each directory is read once, however
   many symlinks lead to it).  A path that does not exist, a FIFO or device
   named like a puzzle file in a directory, are reported on stderr and
   counted in load_errors.  Returns -1 only when out of memory. */
int batch_load(struct batch *b, char **paths, int npaths, const struct load_opts *o);
void batch_free(struct batch *b);

/* Called in input order with each result, on the calling thread. */
typedef void (*batch_report_fn)(void *ctx, const struct puzzle *p, int collection_size,
				struct judgement *r);

/*
** Check every puzzle with `jobs` threads (0 = all cores), each with a
** transposition table of o->an.hash_mb: fewer threads when the tables of
** all would not fit in memory.  Ctrl-C (SIGINT) stops the batch: no new
** puzzle is started, running searches are cut, the puzzles finished
** before are reported (in input order) and the rest are not.
** Returns 0, BATCH_INTERRUPTED, or -1 when not even one table can be had
** (nothing checked).
*/
#define BATCH_INTERRUPTED 1
int batch_run(struct batch *b, const struct judge_opts *o, int jobs, enum batch_progress progress,
              batch_report_fn report, void *ctx);

#endif
