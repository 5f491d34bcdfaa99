# plot.gp — time and peak memory of deadwood against corpus size (the scale section of
# bench/RESULTS.md). Called by bench/harness/report.py as
#   gnuplot -e "datafile='...'; outfile='...'; has_check=0|1" bench/plot.gp
# datafile columns: MB  parse_wall_s  parse_cpu_s  parse_rss_MB  check_wall_s  check_cpu_s  check_rss_MB
# (check columns are NaN while `deadwood check` does not exist).
set terminal pngcairo size 900,900 font ",10"
set output outfile
set datafile missing "NaN"
set multiplot layout 2,1 title "deadwood: time and peak memory against corpus size (median of the runs)"
set grid
set key top left
set xlabel "corpus size (MB parsed)"
set ylabel "seconds"
set xrange [0:*]
set yrange [0:*]
if (has_check) {
  plot datafile using 1:3 with linespoints lw 2 pt 7 title "parse --stats, CPU (user+sys)", \
       datafile using 1:2 with linespoints lw 1 pt 6 dt 2 title "parse --stats, wall", \
       datafile using 1:6 with linespoints lw 2 pt 5 title "check (no cache), CPU (user+sys)", \
       datafile using 1:5 with linespoints lw 1 pt 4 dt 2 title "check (no cache), wall"
} else {
  plot datafile using 1:3 with linespoints lw 2 pt 7 title "parse --stats, CPU (user+sys)", \
       datafile using 1:2 with linespoints lw 1 pt 6 dt 2 title "parse --stats, wall"
}
set ylabel "peak RSS (MB)"
if (has_check) {
  plot datafile using 1:4 with linespoints lw 2 pt 7 title "parse --stats", \
       datafile using 1:7 with linespoints lw 2 pt 5 title "check (no cache)", \
       1500 with lines lw 1 dt 3 lc rgb "red" title "1.5 GB limit (on the 1 GiB corpus)"
} else {
  plot datafile using 1:4 with linespoints lw 2 pt 7 title "parse --stats"
}
unset multiplot
