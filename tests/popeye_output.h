/*
** popeye_output.h -- Popeye's printed output cut into its problems'
** solutions: what follows each stipulation line up to "solution
** finished." (or its German and French words), DOMEASURE's counter lines
** left out.  Read by the claim tests (tests/check_claims.c) and by
** bench/claims_bench, which give each problem of a Popeye input file the
** text Popeye printed for it as the file's claimed solution.
*/
#ifndef MAAT_TESTS_POPEYE_OUTPUT_H
#define MAAT_TESTS_POPEYE_OUTPUT_H

/* The solutions of the output text, one per problem, in *out (free each
   and the array).  Returns their number. */
int popeye_split_output(const char *text, char ***out);

/* The whole file at path, NUL-terminated (free it), or NULL. */
char *popeye_read_file(const char *path);

#endif
