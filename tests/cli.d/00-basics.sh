# Command-line basics and perft (sourced by tests/cli.sh).
expect "no command" 2 "usage: maat" --
expect "unknown command" 2 "unknown command 'frobnicate'" -- frobnicate
expect "help" 0 "maat perft" -- help
expect "unknown game" 2 "unknown game 'go'" -- perft --game go 1
expect "perft bad depth" 2 "depth must be a number" -- perft --game chess x
