# coding=shift_jis
x = 'ソフト'
