-- Only a Classic Era TOC: listed for classic_era, absent for retail.
ClassicOnlyLoaded = true
