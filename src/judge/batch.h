/*
** batch.h -- gather the puzzles named on the command line (files,
** directories, collections) and check them on several threads, handing the
** results back in input order.
*/
#ifndef MAAT_BATCH_H
#define MAAT_BATCH_H

#include <stdbool.h>

#include "base/interrupt.h"
#include "input/load.h"
#include "judge/judge.h"
#include "model/puzzle.h"

struct batch {
	/* the files found (the paths given, directories walked), read a chunk
	   at a time: those of names[next - nfiles .. next) are loaded */
	char **names;
	int nnames, capnames, next;
	struct collection *files; /* the loaded files, in input order */
	int nfiles, capfiles;
	size_t budget;         /* bytes of loaded puzzles a chunk may hold (one file at least) */
	int total;             /* problems loaded so far (all of them after batch_run): a puzzle,
	                          or its twins apart; the shard's only with --shard */
	int total_before;      /* of them in the chunks before this one */
	int chunk_first;       /* problems of all shards before this chunk */
	int all_loaded;        /* problems of all shards loaded so far */
	int load_errors;       /* paths that could not be read at all */
	struct load_opts load; /* how files are read (--stip for FEN lines) */
	int shard_k, shard_n;  /* check problem i only when i % shard_n == shard_k */
	/* check only the puzzles it says yes to (NULL: all), see batch_select */
	bool (*select)(const struct puzzle *p, void *ctx);
	void *select_ctx;
	struct interrupt_catch ic; /* Ctrl-C, from batch_load to batch_free */
	char why[512];             /* what batch_run could not do */
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
/*
** The files' puzzles are loaded a chunk at a time, at most
** batch_load_budget() bytes (a quarter of the physical memory,
** BATCH_LOAD_FRACTION) and one file at least: batch_load() reads the
** first chunk, batch_run() the others as it goes; b->total grows with
** them.  batch_load_within() takes another budget (tests).
*/
#define BATCH_LOAD_FRACTION 4
size_t batch_load_budget(void);
int batch_load_within(struct batch *b, char **paths, int npaths, const struct load_opts *o,
                      size_t budget);
/* Files found but not loaded (more than one chunk, or Ctrl-C while reading). */
int batch_unread(const struct batch *b);
/* Ctrl-C (SIGINT) came, from batch_load on: while files were read, or after. */
bool batch_interrupted(const struct batch *b);

/* Called in input order with each result, on the calling thread. */
typedef void (*batch_report_fn)(void *ctx, const struct puzzle *p, int collection_size,
                                struct judgement *r);

/*
** Check every puzzle with `jobs` threads (0 = all cores), each with a
** transposition table of o->an.hash_mb, all within the budget of the
** run's tables (tt_fit): with -j 0, fewer threads when they would not fit;
** a number of threads asked for that does not fit is an error.  Ctrl-C
** (SIGINT) stops the batch: no new puzzle is started, running searches are
** cut, the puzzles finished before are reported (in input order) and the
** rest are not.  Returns 0, BATCH_INTERRUPTED, or -1 with b->why (the
** tables do not fit; out of memory).
*/
#define BATCH_INTERRUPTED 1
int batch_run(struct batch *b, const struct judge_opts *o, int jobs, enum batch_progress progress,
              batch_report_fn report, void *ctx);

#endif
