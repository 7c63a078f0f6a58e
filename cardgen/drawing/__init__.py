"""Drawing: the elements a layout is made of, icons, fonts, text setting, pictures and the pen.

Every PDF cardgen writes stores its streams compressed and binary: reportlab would otherwise
also ASCII85-encode them, a quarter more bytes for nothing a modern reader needs. The setting
is reportlab's, for the whole process; every PDF cardgen makes passes through this package.
"""
from reportlab import rl_config

rl_config.useA85 = 0
