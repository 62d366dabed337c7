/*
** orthodox_pieces.c -- the men of orthodox chess, shared by chess and Morok chess.
*/
#include "games/orthodox_pieces.h"

const struct piece_kind orthodox_pieces[] = {
    {'K', "king", 'k', 0, ROLE_ROYAL, 'K', "King"},
    {'Q', "queen", 'q', 0, ROLE_MAN, 'Q', "Queen"},
    {'R', "rook", 'r', 0, ROLE_MAN, 'R', "Rook"},
    {'B', "bishop", 'b', 0, ROLE_MAN, 'B', "Bishop"},
    {'N', "knight", 'n', 0, ROLE_MAN, 'S', "Knight"},
    {'P', "pawn", 'p', 0, ROLE_PAWN, 'P', "Pawn"},
    {'k', "king", 'k', 1, ROLE_ROYAL, 'K', "King"},
    {'q', "queen", 'q', 1, ROLE_MAN, 'Q', "Queen"},
    {'r', "rook", 'r', 1, ROLE_MAN, 'R', "Rook"},
    {'b', "bishop", 'b', 1, ROLE_MAN, 'B', "Bishop"},
    {'n', "knight", 'n', 1, ROLE_MAN, 'S', "Knight"},
    {'p', "pawn", 'p', 1, ROLE_PAWN, 'P', "Pawn"},
    {0, NULL, 0, 0, ROLE_MAN, 0, NULL},
};
