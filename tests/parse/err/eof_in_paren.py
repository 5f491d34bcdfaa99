# EOF inside an open bracket: reported at the bracket
x = (1,
     2,
